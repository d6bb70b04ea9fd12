//! Hand-written CPU kernels for IREE executables.
//!
//! IREE 3.13's code generation runs products of block-quantized weights (GGUF's Q4_1, Q8_0,
//! K-quants, ...) at about 10 GMAC/s on two cores: compute-bound, far from memory speed. The
//! kernels here (`c/`) do the same exact arithmetic, `scale * code (+ min)` per group summed
//! with f32 inputs, in AVX-512 with the widening of the codes shared across tokens and tiles.
//! A graph calls them through `flow.dispatch` of a `stream.executable` whose functions import
//! the kernel symbols; iree-compile links this crate's object file into the executable.
//!
//! At one token (decode of one sequence) the compact formats and Q8_0 multiply on integer dot products
//! instead where the CPU has AVX-512 VNNI (`c/fixed_matvec.c`, [`GroupedMatmul::exact_symbol_for`]):
//! the activations are held in fixed point to 2^-31 of each block's largest magnitude, so the
//! result is exact to f32 rounding, while the codes stay bytes.
//!
//! An opt-in lossy path (`c/q8_matmul.c`, [`GroupedMatmul::q8_symbol_for`]) quantizes the
//! activations to int8 per block first ([`Q8_QUANTIZE_SYMBOL`]) and multiplies the same stored
//! codes with integer dot products (AVX-512 VNNI, or AVX2's byte products in `c/q8_avx2.h`, the
//! same bits), for prefill and batched decode, where the exact kernels are bound by f32 FMAs.
//!
//! iree-compile 3.13 ignores an object's inline `data` on llvm-cpu (it links an empty file),
//! so the object travels as a file: [`Object::write_into`] puts it into a directory that is
//! then given to iree-compile as `--iree-hal-executable-object-search-path`.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

static OBJECT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/kernels.o"));
static OBJECT_AVX2: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/kernels_avx2.o"));

/// The environment variable that makes an AVX-512 CPU take the AVX2 object (`avx2`): how its
/// tests and benches run on any machine that has AVX-512.
pub const ISA_ENV: &str = "LLM_KERNELS_ISA";

/// The instruction sets the kernels are built for, one object each from the same source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isa {
    /// x86-64-v4 (AVX-512 F/BW/DQ/VL) with F16C and FMA: every family, the fixed-point and
    /// 8-bit ones where the CPU also has VNNI, VBMI and BITALG ([`fixed_host_supported`]).
    Avx512,
    /// x86-64-v3 (AVX2, FMA, F16C): the f32 families (`c/kernels_avx2.c`), each AVX-512
    /// operation done on two halves (`c/avx2.h`), the same bits, and the 8-bit family on
    /// AVX2's byte products (`c/q8_avx2.h`), the same bits as the AVX-512 one except where
    /// it multiplies sub-scales in integers ([`GroupedMatmul::q8_int_subs`]). Zen 1-3 and
    /// Intel's client cores since Alder Lake have no AVX-512.
    Avx2,
}

impl Isa {
    /// The object this CPU runs: the widest it has, unless [`ISA_ENV`] asks for `avx2`. Read
    /// once per process: the graph builder and the kernel dispatch ask for every product.
    pub fn host() -> Option<Isa> {
        static HOST: std::sync::OnceLock<Option<Isa>> = std::sync::OnceLock::new();
        *HOST.get_or_init(Isa::detect)
    }

    fn detect() -> Option<Isa> {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let v3 = has!("avx2") && has!("fma") && has!("f16c") && has!("bmi2");
            let v4 =
                v3 && has!("avx512f") && has!("avx512bw") && has!("avx512dq") && has!("avx512vl");
            let forced = std::env::var(ISA_ENV).is_ok_and(|v| v == "avx2");
            match (v4 && !forced, v3) {
                (true, _) => Some(Isa::Avx512),
                (false, true) => Some(Isa::Avx2),
                (false, false) => None,
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            None
        }
    }

    /// Whether this object has the fixed-point family (its `vpdpbusd` products of four
    /// limbs have no AVX2 form that beats the f32 kernels).
    pub fn fixed_family(self) -> bool {
        self == Isa::Avx512
    }
}

/// The executable format the object is built for.
pub const EXECUTABLE_FORMAT: &str = "embedded-elf-x86_64";

/// Most weights one call multiplies by the same inputs.
pub const MAX_WEIGHTS: usize = 3;

use weight_format::SubScales;
pub use weight_format::{Code, TILE_ROWS};

/// The kernels' object file.
#[derive(Debug, Clone, Copy)]
pub struct Object {
    bytes: &'static [u8],
}

impl Object {
    /// The object this CPU runs ([`Isa::host`]), if this build has kernels and the CPU runs
    /// one of them.
    pub fn get() -> Option<Object> {
        Object::of(Isa::host()?)
    }

    /// The object built for `isa`, if this build has kernels.
    pub fn of(isa: Isa) -> Option<Object> {
        let bytes = match isa {
            Isa::Avx512 => OBJECT,
            Isa::Avx2 => OBJECT_AVX2,
        };
        (!bytes.is_empty()).then_some(Object { bytes })
    }

    /// The file name graphs refer to: it carries a digest of the contents, so a module text
    /// (and every cache keyed by it) changes whenever the kernels do.
    pub fn file_name(&self) -> String {
        let digest = Sha256::digest(self.bytes);
        let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        format!("llm_kernels_{hex}.o")
    }

    pub fn bytes(&self) -> &'static [u8] {
        self.bytes
    }

    /// Writes the object into `dir` under [`Object::file_name`] (atomically, once) and returns
    /// its path.
    pub fn write_into(&self, dir: &Path) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(self.file_name());
        if std::fs::read(&path).is_ok_and(|b| b == self.bytes) {
            return Ok(path);
        }
        // Unique per call, not only per process: a test binary's threads load modules at once,
        // and two of them writing one partial file had the second rename find it gone.
        static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let partial = dir.join(format!(
            "{}.{}-{n}.partial",
            self.file_name(),
            std::process::id()
        ));
        std::fs::write(&partial, self.bytes)?;
        std::fs::rename(&partial, &path)?;
        Ok(path)
    }
}

#[cfg(target_arch = "x86_64")]
extern "C" {
    fn llm_kernel_entry(name: *const std::ffi::c_char) -> Option<unsafe extern "C" fn()>;
    fn llm_kernel_entry_avx2(name: *const std::ffi::c_char) -> Option<unsafe extern "C" fn()>;
}

/// The entry point `name` of the object this CPU runs ([`Isa::host`]): the same objects
/// iree-compile links, linked into this crate for its tests and benches with an index of
/// their entry points (`c/index.c`, `c/index_avx2.c`). None where that object has no such
/// entry or the CPU runs neither.
pub fn linked_entry(name: &str) -> Option<unsafe extern "C" fn()> {
    let name = std::ffi::CString::new(name).ok()?;
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: each index is a static table searched by a NUL-terminated name.
        match Isa::host()? {
            Isa::Avx512 => unsafe { llm_kernel_entry(name.as_ptr()) },
            Isa::Avx2 => unsafe { llm_kernel_entry_avx2(name.as_ptr()) },
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = name;
        None
    }
}

/// Whether this CPU runs one of the objects ([`Isa::host`]).
pub fn host_supported() -> bool {
    Isa::host().is_some()
}

/// Whether this CPU runs the 8-bit activation kernels (`c/q8_matmul.c`): any CPU that runs
/// the AVX2 object (`c/q8_avx2.h`), and on the AVX-512 object the features of the
/// fixed-point kernels ([`fixed_host_supported`]).
pub fn q8_host_supported() -> bool {
    match Isa::host() {
        Some(Isa::Avx2) => true,
        Some(Isa::Avx512) => fixed_host_supported(),
        None => false,
    }
}

/// Whether this CPU runs the fixed-point one-token kernels (`c/fixed_matvec.c`): the AVX-512
/// object and AVX-512 VNNI (`vpdpbusd`), VBMI (byte permutes) and BITALG (bit gathers), as
/// Zen 4 and Ice Lake or later have.
pub fn fixed_host_supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        Isa::host().is_some_and(Isa::fixed_family)
            && std::arch::is_x86_feature_detected!("avx512vnni")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
            && std::arch::is_x86_feature_detected!("avx512bitalg")
            && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether a module's fixed-point products of several tokens will find the matrix unit (AMX)
/// on this machine: the CPU has AMX-TILE and AMX-INT8, the OS saves their state, and Linux
/// grants it to this process (the probe the kernels themselves run, through the linked copy,
/// which it leaves on the unit).
pub fn fixed_tiles_usable() -> bool {
    fixed_tiles(true)
}

/// Whether this CPU runs the fixed-point products of several tokens (a decode step's rows) at
/// about the f32 kernels' rate, so that a module of several slots can keep them at every row
/// count: on the matrix unit ([`fixed_tiles_usable`]), or on a core that issues 512-bit
/// `vpdpbusd` as fast as 512-bit FMAs, which AMD's from Zen 5 (family 1Ah) do and Zen 4's
/// double-pumped units do not (half the rate). Measured, 2-core VMs, `bench --slots 8`,
/// alternating rounds, fixed point against f32: Zen 5 at 8 rows 1.03-1.05x the step time on
/// the Llama-3.2-1B shape (Q4_K_M) and 0.95-0.97x on SmolLM2, at one row 0.74x and 0.93x; an
/// AMX Xeon 0.98x and 0.97-1.05x at 8 rows. (Zen 5's mobile parts, of the same family, split
/// 512-bit operations in two as Zen 4 does; not measured.) A CPU's family and flags decide
/// it, not a timing, so a machine always builds the same module and a request's numbers do
/// not move between restarts.
pub fn fixed_rows_at_full_rate() -> bool {
    fixed_host_supported()
        && (amd_family().is_some_and(|family| family >= 0x1A) || fixed_tiles_usable())
}

/// The CPU's family where it is AMD's (CPUID leaf 1: the base family, plus the extended
/// family where the base is 0Fh).
fn amd_family() -> Option<u32> {
    #[cfg(target_arch = "x86_64")]
    {
        let vendor = std::arch::x86_64::__cpuid(0);
        let amd = [vendor.ebx, vendor.edx, vendor.ecx]
            .iter()
            .flat_map(|r| r.to_le_bytes())
            .eq(*b"AuthenticAMD");
        if !amd {
            return None;
        }
        let eax = std::arch::x86_64::__cpuid(1).eax;
        let base = (eax >> 8) & 0xF;
        Some(if base == 0xF {
            base + ((eax >> 20) & 0xFF)
        } else {
            base
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        None
    }
}

/// Whether the fixed-point products of several tokens in this crate's linked object
/// ([`linked_entry`]) run on the matrix unit (AMX, `c/fixed_matvec.c`): with `on`, where the CPU
/// has it and Linux grants this process its state; without, on `vpdpbusd`. The same bits
/// either way (the group sums are exact integers): the switch is for the benches' comparison
/// and the tests of both paths. A module's copy of the kernels decides for itself (the unit
/// where it is usable). Returns whether the unit is now used.
pub fn fixed_tiles(on: bool) -> bool {
    let Some(f) = linked_entry("llm_fixed_tiles").filter(|_| fixed_host_supported()) else {
        return false;
    };
    // SAFETY: `llm_fixed_tiles` takes one int and returns one (c/fixed_matvec.c).
    let f: unsafe extern "C" fn(i32) -> i32 = unsafe { std::mem::transmute(f) };
    unsafe { f(i32::from(on)) != 0 }
}

/// The C function writing a decode step's tokens in fixed point once for every product that
/// reads them ([`GroupedMatmul::fixed_shared_symbol_for`]): x `[K, M]` f32 and the shared buffer
/// ([`fixed_activation_bytes`]), each as a base pointer and byte offset, then K, M and the
/// workgroup id, one workgroup per token.
pub const FIXED_QUANTIZE_SYMBOL: &str = "llm_fixed_quantize";

/// Inputs per block of the fixed-point products: a row of other lengths takes the f32 kernel.
pub const FIXED_BLOCK: usize = 32;

/// Bytes of the shared buffer of `m` tokens of `k` inputs in fixed point (`c/fixed_matvec.c`'s
/// `fx_shared_of`): x itself (`4km`), four limbs per input (`4(k + pad)m`: each limb's row of a
/// token followed by [`FIXED_ROW_PAD`] bytes), per block of 32 a unit, a min weight and two pair
/// sums, per 16 inputs a min weight and two pair sums (`1.25 km`), and a flag per token.
pub fn fixed_activation_bytes(k: usize, m: usize) -> usize {
    4 * k * m + 4 * (k + FIXED_ROW_PAD) * m + (k / FIXED_BLOCK) * m * 40 + 4 * m
}

/// Bytes after each limb row of the shared fixed-point buffer (`FX_ROW_PAD`: power-of-two
/// rows put a step's limbs in two L1 sets).
const FIXED_ROW_PAD: usize = 64;

/// The C function quantizing activations for the 8-bit products: x `[K, M]` f32 and the
/// quantized buffer ([`q8_activation_bytes`]), each as a base pointer and byte offset; then
/// K, M, the block and group sizes ([`GroupedMatmul::q8_block`], the product's group) and the
/// workgroup id, [`Q8_QUANTIZE_TOKENS`] tokens per workgroup.
pub const Q8_QUANTIZE_SYMBOL: &str = "llm_q8_quantize";

/// Tokens one workgroup of [`Q8_QUANTIZE_SYMBOL`] quantizes.
pub const Q8_QUANTIZE_TOKENS: usize = 16;

/// Bytes of `m` tokens' activations of `k` inputs quantized to 8 bits: the int8 codes
/// `[m, k]`, then one f32 scale per token and `block` inputs, then one f32 sum of codes per
/// token and `group` inputs.
pub fn q8_activation_bytes(k: usize, m: usize, block: usize, group: usize) -> usize {
    k * m + m * (k / block) * 4 + m * (k / group) * 4
}

/// How a format's group scales (and mins) are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Maps {
    /// One f16 per group and row.
    F16,
    /// One f32 per group and row.
    F32,
    /// Q4_K/Q5_K super-blocks as the file stores them: per tile and 8 groups of 32, the 16
    /// rows' f16 factor (`d` for scales, `dmin` for mins), each group's 6-bit sub-scales as 8
    /// bytes of nibbles (rows 2i, 2i+1 in byte i, low first), then one 32-bit word of top bits
    /// per group (row r at bits 2r..2r+2): 128 bytes. A scale is `d * sc`, a min `-(dmin * m)`.
    SuperBlock6,
    /// Q6_K super-blocks: per tile and 16 groups of 16, the 16 rows' f16 `d`, then each group's
    /// 16 signed 8-bit sub-scales: 288 bytes. A scale is `d * sc`.
    SuperBlock8,
    /// MXFP4's exponents: one E8M0 byte `e` per group and row, the scale `2^(e - 128)`
    /// (`weight_format::e8m0_half`).
    E8M0,
    /// IQ4_XS super-blocks: [`Maps::SuperBlock6`]'s layout without mins, each sub-scale `sc`
    /// meaning `sc - 32`. A scale is `d * (sc - 32)`.
    SuperBlock6Signed,
    /// Q2_K super-blocks: per tile and 16 groups of 16, the 16 rows' f16 factor (`d` for
    /// scales, `dmin` for mins), then each group's 4-bit sub-scales as 8 bytes of nibbles (rows
    /// 2i, 2i+1 in byte i, low first): 160 bytes. A scale is `d * sc`, a min `-(dmin * m)`.
    SuperBlock4,
    /// Q3_K super-blocks: [`Maps::SuperBlock6Signed`]'s form for 16 groups of 16 (the rows'
    /// f16 `d`, 16 groups' nibbles, then their top-bit words): 224 bytes.
    SuperBlock6Signed16,
}

impl Maps {
    /// Groups per super-block (1 for per-group maps).
    pub fn groups_per_block(self) -> usize {
        match self {
            Maps::F16 | Maps::F32 => 1,
            Maps::E8M0 => SubScales::E8M0.groups_per_block(),
            Maps::SuperBlock6 | Maps::SuperBlock6Signed => SubScales::SixBit.groups_per_block(),
            Maps::SuperBlock4 => SubScales::FourBit.groups_per_block(),
            Maps::SuperBlock6Signed16 => SubScales::SixBitSigned16.groups_per_block(),
            Maps::SuperBlock8 => SubScales::Int8.groups_per_block(),
        }
    }

    /// Bytes of one tile row's maps for `groups` groups (whole super-blocks).
    pub fn tile_bytes(self, groups: usize) -> usize {
        match self {
            Maps::F16 => groups * TILE_ROWS * 2,
            Maps::F32 => groups * TILE_ROWS * 4,
            Maps::SuperBlock6 | Maps::SuperBlock6Signed => groups / 8 * 128,
            Maps::SuperBlock4 => groups / 16 * 160,
            Maps::SuperBlock6Signed16 => groups / 16 * 224,
            Maps::SuperBlock8 => groups / 16 * 288,
            Maps::E8M0 => groups * SubScales::E8M0.block_bytes(),
        }
    }
}

/// One group format of the grouped product: every GGUF block format reduces to one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupedMatmul {
    pub code: Code,
    pub group: usize,
    pub maps: Maps,
    /// Mins are stored as the scales are.
    pub min: bool,
}

/// One block format of the kernels: a row of [`FORMATS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelFormat {
    /// The GGUF type it stores, as the bench and the tests name it; `_widened` is the group
    /// form with codes widened to bytes and maps to floats, `_bytes` K-quant maps with byte
    /// codes.
    pub name: &'static str,
    pub format: GroupedMatmul,
    /// Whether it has a fixed-point entry (`c/fixed_matvec.c`: 2- to 6-bit codes,
    /// table codes too, and Q8_0's bytes; the widened byte-code forms keep the f32 kernel).
    pub fixed: bool,
}

/// Every block format the kernels multiply, one row each: the entry points' names
/// ([`GroupedMatmul::symbol_for`] and the others) and the kernel tests' cases come from it.
/// `c/formats.h` lists the same rows for the C side; the test that every symbol named here is
/// in the object keeps the two lists equal. `docs/adding-a-block-format.md` says what else a
/// new format touches.
#[rustfmt::skip]
pub const FORMATS: &[KernelFormat] = &[
    row("q8_0", Code::I8, 32, Maps::F16, false, true),
    row("q4_0", Code::I4, 32, Maps::F16, false, true),
    row("q4_1", Code::U4, 32, Maps::F16, true, true),
    row("q5_1_widened", Code::I8, 32, Maps::F16, true, false),
    row("q4_k_widened", Code::U4, 32, Maps::F32, true, true),
    row("q5_k_widened", Code::I8, 32, Maps::F32, true, false),
    // Q6_K's and Q3_K's group form.
    row("q6_k_widened", Code::I8, 16, Maps::F32, false, false),
    row("q4_k", Code::U4, 32, Maps::SuperBlock6, true, true),
    row("q5_k_bytes", Code::I8, 32, Maps::SuperBlock6, true, false),
    row("q6_k_bytes", Code::I8, 16, Maps::SuperBlock8, false, false),
    row("q5_0", Code::I5, 32, Maps::F16, false, true),
    row("q5_1", Code::U5, 32, Maps::F16, true, true),
    row("q5_k", Code::U5, 32, Maps::SuperBlock6, true, true),
    row("q6_k", Code::I6, 16, Maps::SuperBlock8, false, true),
    row("mxfp4", Code::E2M1, 32, Maps::E8M0, false, true),
    row("iq4_nl", Code::NL4, 32, Maps::F16, false, true),
    row("iq4_xs", Code::NL4, 32, Maps::SuperBlock6Signed, false, true),
    row("q2_k_widened", Code::U4, 16, Maps::F32, true, true),
    row("q2_k", Code::U2, 16, Maps::SuperBlock4, true, true),
    row("q3_k", Code::I3, 16, Maps::SuperBlock6Signed16, false, true),
];

const fn row(
    name: &'static str,
    code: Code,
    group: usize,
    maps: Maps,
    min: bool,
    fixed: bool,
) -> KernelFormat {
    KernelFormat {
        name,
        format: GroupedMatmul {
            code,
            group,
            maps,
            min,
        },
        fixed,
    }
}

/// The row of [`FORMATS`] called `name`.
pub fn format_named(name: &str) -> Option<GroupedMatmul> {
    FORMATS.iter().find(|r| r.name == name).map(|r| r.format)
}

/// Which family of kernels an entry point belongs to: the start of its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// f32 activations, exact (`c/grouped_matmul.c`).
    F32,
    /// Tokens in fixed point, exact to f32 rounding, each token's bits its own (`c/fixed_matvec.c`).
    Fixed,
    /// The same products of a step's tokens quantized once for all of them
    /// ([`FIXED_QUANTIZE_SYMBOL`]), the same bits.
    FixedShared,
    /// Activations quantized to 8 bits (`c/q8_matmul.c`).
    Q8,
    /// A mixture's stacked experts, f32 activations, exact (`c/experts.c`).
    Experts,
}

impl Family {
    fn prefix(self) -> &'static str {
        match self {
            Family::F32 => "llm_grouped_matmul_",
            Family::Fixed => "llm_fixed_matmul_",
            Family::FixedShared => "llm_fixed_rows_",
            Family::Q8 => "llm_q8_matmul_",
            Family::Experts => "llm_experts_",
        }
    }
}

impl GroupedMatmul {
    /// This format's row of [`FORMATS`], if the kernels take it.
    pub fn row(&self) -> Option<&'static KernelFormat> {
        FORMATS.iter().find(|r| r.format == *self)
    }

    /// The end of this format's entry points' names, as `c/formats.h` spells it: codes, group,
    /// maps and `_min` for a format with mins, e.g. `u4_g32_k6_min`.
    pub fn stem(&self) -> String {
        let code = match self.code {
            Code::U4 => "u4",
            Code::I4 => "i4",
            Code::I8 => "i8",
            Code::U5 => "u5",
            Code::I5 => "i5",
            Code::I6 => "i6",
            Code::E2M1 => "e2m1",
            Code::NL4 => "nl4",
            Code::U2 => "u2",
            Code::I3 => "i3",
        };
        let maps = match self.maps {
            Maps::F16 => "f16",
            Maps::F32 => "f32",
            Maps::SuperBlock6 => "k6",
            Maps::SuperBlock8 => "k8",
            Maps::E8M0 => "e8",
            Maps::SuperBlock6Signed => "k6s",
            Maps::SuperBlock4 => "k4",
            Maps::SuperBlock6Signed16 => "k6s16",
        };
        let min = if self.min { "_min" } else { "" };
        format!("{code}_g{}_{maps}{min}", self.group)
    }

    /// The entry point of `family` for `weights` weights (1 to [`MAX_WEIGHTS`]).
    fn entry(&self, family: Family, weights: usize) -> Option<String> {
        let row = self.row()?;
        if matches!(family, Family::Fixed | Family::FixedShared) && !row.fixed {
            return None;
        }
        let name = format!("{}{}", family.prefix(), self.stem());
        match weights {
            1 => Some(name),
            2..=MAX_WEIGHTS => Some(format!("{name}_x{weights}")),
            _ => None,
        }
    }

    /// The C function for this format, if there is one. Its arguments, all 64-bit: for each
    /// of x `[K, M]` f32, codes, scales, mins and y `[N, M]` f32 a base pointer and a byte
    /// offset, then K, M, the stored groups per tile row, tiles per workgroup, the tile count
    /// and the workgroup id. Formats without mins have no mins argument.
    pub fn symbol(&self) -> Option<String> {
        self.symbol_for(1)
    }

    /// The C function multiplying `weights` (1 to [`MAX_WEIGHTS`]) weights of this format by
    /// the same x in one call: x, each weight's codes, scales (and mins), then each output,
    /// then K, M, stored groups, tiles per workgroup, each weight's tile count and the
    /// workgroup id. Weight 0's workgroups come first. Up to 15 tokens, each token's outputs
    /// are the bits it gets alone (the small-batch form sums every token the same way).
    pub fn symbol_for(&self, weights: usize) -> Option<String> {
        self.entry(Family::F32, weights)
    }

    /// The C function gathering rows of a `[V, E]` table of this format as f32 (an
    /// embedding): tokens `[M]` i32, the table's codes, scales (and mins) and y `[M, E]`, each
    /// as a base pointer and byte offset; then E, V, the stored groups per tile row and the
    /// workgroup id (one per token). A token outside the table reads the nearest row.
    pub fn gather_symbol(&self) -> Option<String> {
        self.symbol().map(|s| format!("{s}_gather"))
    }

    /// The C function multiplying a mixture's stacked experts of this format (`c/experts.c`),
    /// exact, f32 activations: x `[M, K]` f32 (token-major), the router's choices `[S, M]` i32 (pair
    /// `p = s * M + m`), the experts' codes, scales (and mins), each expert stored as one
    /// weight and the experts one after another, and y `[S * M, N]` f32 (pair p's output row),
    /// each as a base pointer and byte offset; then K, M, S, the stored groups per tile row,
    /// tiles per expert, the expert count E, tiles per workgroup and the workgroup id
    /// (`E * ceil(tiles / per)` workgroups, expert-major). Only chosen experts are read; a
    /// pair choosing no expert in `[0, E)` gets zeros.
    pub fn experts_symbol(&self) -> Option<String> {
        self.row()
            .map(|_| format!("{}{}", Family::Experts.prefix(), self.stem()))
    }

    /// The fixed-point experts entry of a format with a fixed-point kernel (`llm_experts_fixed_<stem>`),
    /// arguments as [`GroupedMatmul::experts_symbol`]: each pair through the one-token
    /// fixed-point product (`c/fixed_matvec.c`), exact to f32 rounding; a pair whose input that
    /// cannot take runs the f32 path. Needs [`fixed_host_supported`].
    pub fn experts_fixed_symbol(&self) -> Option<String> {
        let row = self.row().filter(|r| r.fixed)?;
        Some(format!(
            "{}fixed_{}",
            Family::Experts.prefix(),
            row.format.stem()
        ))
    }

    /// The 8-bit experts entry (`llm_experts_q8_<stem>`, `--activations q8`): arguments as
    /// [`GroupedMatmul::experts_symbol`] with x replaced by the tokens' activations as
    /// [`Q8_QUANTIZE_SYMBOL`] writes them for x `[K, M]`. A pair's row is the 8-bit product's
    /// for its token alone, whatever else the call holds. Needs [`q8_host_supported`].
    pub fn experts_q8_symbol(&self) -> Option<String> {
        self.row()
            .map(|_| format!("{}q8_{}", Family::Experts.prefix(), self.stem()))
    }

    /// The exact experts entry for this CPU: the fixed-point one where this format and CPU
    /// have it (faster at every token count: per pair, 154 against 66 tok/s for a 128-token
    /// prefill at the Qwen3-30B-A3B shape), else the f32 entry. One entry for every step, so
    /// a token's numbers depend neither on its batch nor on the step's kind.
    pub fn exact_experts_symbol(&self) -> Option<String> {
        let fixed = fixed_host_supported()
            .then(|| self.experts_fixed_symbol())
            .flatten();
        fixed.or_else(|| self.experts_symbol())
    }

    /// The C function for an exact product of `weights` weights of this format by `tokens`
    /// tokens of one prompt (prefill), arguments as [`GroupedMatmul::symbol_for`]: at one
    /// token, the fixed-point kernel where this format and CPU have one
    /// ([`GroupedMatmul::fixed_symbol_for`]), else the f32 kernel, which multiplies several
    /// tokens faster.
    pub fn exact_symbol_for(&self, weights: usize, tokens: usize) -> Option<String> {
        match tokens {
            1 => self.fixed_rows_symbol_for(weights),
            _ => self.symbol_for(weights),
        }
    }

    /// The C function for an exact product of `weights` weights of this format by any number
    /// of tokens in fixed point, arguments as [`GroupedMatmul::symbol_for`]: the fixed-point
    /// kernel where this format and CPU have one, else the f32 kernel. Either gives each of up
    /// to 15 tokens the bits it gets alone (a decode step's rows: a sequence's numbers do not
    /// depend on how many others the step holds nor on which).
    pub fn fixed_rows_symbol_for(&self, weights: usize) -> Option<String> {
        let fixed = fixed_host_supported()
            .then(|| self.fixed_symbol_for(weights))
            .flatten();
        fixed.or_else(|| self.symbol_for(weights))
    }

    /// The fixed-point kernel of a format that reads a step's tokens quantized once for every
    /// product ([`FIXED_QUANTIZE_SYMBOL`]): arguments as [`GroupedMatmul::symbol_for`] with the
    /// shared buffer ([`fixed_activation_bytes`]) in place of x; the same bits as
    /// [`GroupedMatmul::fixed_symbol_for`]. With several tokens it is as fast as the f32 kernel
    /// where the per-workgroup quantization of that entry took longer than its products (a
    /// decode step's projections have a few tiles a workgroup). Only for rows of whole blocks
    /// of 32 inputs ([`FIXED_BLOCK`]); needs [`fixed_host_supported`].
    pub fn fixed_shared_symbol_for(&self, weights: usize) -> Option<String> {
        self.entry(Family::FixedShared, weights)
    }

    /// [`GroupedMatmul::fixed_shared_symbol_for`] where this CPU runs it and a row of `inp`
    /// inputs takes it (whole blocks of [`FIXED_BLOCK`]): what a decode step's rows in fixed
    /// point multiply with, else None (the caller takes another family).
    pub fn shared_rows_symbol_for(&self, weights: usize, inp: usize) -> Option<String> {
        (fixed_host_supported() && inp.is_multiple_of(FIXED_BLOCK))
            .then(|| self.fixed_shared_symbol_for(weights))
            .flatten()
    }

    /// The fixed-point kernel of a format (Q4_0, Q4_1, Q4_K, Q5_0, Q5_1, Q5_K, Q6_K, Q2_K,
    /// Q3_K, MXFP4, IQ4_NL, IQ4_XS in their compact form, and Q8_0; `c/fixed_matvec.c`;
    /// [`KernelFormat::fixed`]): integer dot products over the activations held to 2^-31 of
    /// each block of 32's largest, exact to f32 rounding, each token's outputs the same bits
    /// at any token count. It needs the CPU features of the 8-bit kernels
    /// ([`fixed_host_supported`]), takes any call the f32 kernel takes, and runs the f32 kernel
    /// for rows not in blocks of 32 and for the tokens whose activations are not all finite.
    pub fn fixed_symbol_for(&self, weights: usize) -> Option<String> {
        self.entry(Family::Fixed, weights)
    }

    /// The C function multiplying `weights` weights of this format by activations quantized
    /// to 8 bits (lossy): as [`GroupedMatmul::symbol_for`], with the quantized buffer
    /// ([`q8_activation_bytes`]) in place of x.
    pub fn q8_symbol_for(&self, weights: usize) -> Option<String> {
        self.entry(Family::Q8, weights)
    }

    /// Inputs per activation scale on the 8-bit path: a super-block (256) for K-quant maps,
    /// as llama.cpp's Q8_K; 32 otherwise, as its Q8_0.
    pub fn q8_block(&self) -> usize {
        match self.maps {
            Maps::SuperBlock4
            | Maps::SuperBlock6
            | Maps::SuperBlock6Signed
            | Maps::SuperBlock6Signed16
            | Maps::SuperBlock8 => 256,
            Maps::F16 | Maps::F32 | Maps::E8M0 => 32,
        }
    }

    /// Whether `isa`'s 8-bit product multiplies this format's sub-scales in integers, with
    /// one f32 step per super-block (`c/q8_avx2.h`: the K-quants and IQ4_XS on AVX2, where
    /// the per-group f32 chain cost a large share of the products), instead of the per-group
    /// f32 chain (`c/q8_matmul.c`). The two round differently, so the objects' results
    /// differ there.
    pub fn q8_int_subs(&self, isa: Isa) -> bool {
        isa == Isa::Avx2
            && matches!(
                self.maps,
                Maps::SuperBlock4
                    | Maps::SuperBlock6
                    | Maps::SuperBlock6Signed
                    | Maps::SuperBlock6Signed16
                    | Maps::SuperBlock8
            )
    }

    /// [`GroupedMatmul::check`] for the 8-bit path, which also needs rows of whole
    /// activation blocks.
    pub fn q8_check(&self, out: usize, inp: usize, stored_groups: usize) -> Result<(), ShapeError> {
        self.check(out, inp, stored_groups)?;
        let block = self.q8_block();
        if !inp.is_multiple_of(block) {
            return Err(ShapeError::ActivationBlocks { inp, block });
        }
        Ok(())
    }

    /// Why a `[out, inp]` weight stored with `stored_groups` groups per row cannot go through
    /// the kernel, if it cannot. Rows of any length are taken (longer ones are summed in
    /// chunks); super-block maps need whole super-blocks.
    pub fn check(&self, out: usize, inp: usize, stored_groups: usize) -> Result<(), ShapeError> {
        if self.row().is_none() {
            return Err(ShapeError::NoKernel(*self));
        }
        let groups = inp / self.group;
        if !inp.is_multiple_of(self.group)
            || !out.is_multiple_of(TILE_ROWS)
            || groups > stored_groups
        {
            return Err(ShapeError::Groups {
                out,
                inp,
                stored_groups,
                group: self.group,
            });
        }
        let per_block = self.maps.groups_per_block();
        if !stored_groups.is_multiple_of(per_block) {
            return Err(ShapeError::SuperBlocks {
                stored_groups,
                per_block,
            });
        }
        Ok(())
    }
}

/// Why a weight or an attention shape cannot go through the kernels.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// No entry point for this group format.
    #[error("no kernel for {0:?}")]
    NoKernel(GroupedMatmul),
    /// Rows not in tiles of 16, inputs not in whole groups, or more groups than stored.
    #[error("[{out}, {inp}] does not fit {stored_groups} groups of {group}")]
    Groups {
        out: usize,
        inp: usize,
        stored_groups: usize,
        group: usize,
    },
    /// Super-block maps stored for a partial super-block.
    #[error("{stored_groups} groups per row are not whole super-blocks of {per_block}")]
    SuperBlocks {
        stored_groups: usize,
        per_block: usize,
    },
    /// The 8-bit path quantizes whole blocks of activations.
    #[error("{inp} inputs are not whole activation blocks of {block}")]
    ActivationBlocks { inp: usize, block: usize },
    /// The attention kernels' head dimensions.
    #[error("head dimension {0} is not a multiple of 16 up to {ATTENTION_MAX_HEAD_DIM}")]
    HeadDim(usize),
    /// The attention kernels' query heads per kv head.
    #[error("{0} query heads per kv head (at most {ATTENTION_MAX_GROUP})")]
    QueryGroup(usize),
    /// A group's queries of the decode attention kernel do not fit its stack buffers.
    #[error("{group} query heads of {head_dim} per kv head exceed the decode attention kernel's buffers")]
    DecodeQueries { head_dim: usize, group: usize },
    /// One token's queries of the prefill attention kernel do not fit its stack buffer.
    #[error("{group} query heads of {head_dim} per kv head exceed the prefill attention kernel's buffer")]
    PrefillQueries { head_dim: usize, group: usize },
}

/// The element type of a KV cache the attention kernels read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KvType {
    F32,
    F16,
    Bf16,
}

/// Largest head dimension and query heads per kv head the attention kernels take (the
/// prefill kernel's heads stop at [`PREFILL_ATTENTION_MAX_HEAD_DIM`]).
pub const ATTENTION_MAX_HEAD_DIM: usize = 512;
pub const ATTENTION_MAX_GROUP: usize = 16;
/// The decode kernel keeps a group's queries (heads rounded up to fours) and accumulators on
/// its stack, this many floats each: 16 heads of 256 values or 8 of 512.
const DECODE_ATTENTION_QUERY_FLOATS: usize = 16 * 256;
/// The decode kernel's heads run four at a time.
const DECODE_ATTENTION_HEADS: usize = 4;
pub const PREFILL_ATTENTION_MAX_HEAD_DIM: usize = 256;

/// One decode step's attention over each row's own slot, positions `0..=pos` (and below the
/// window): the C function for a cache type. Its arguments, all 64-bit: q `[H * D, B]` f32,
/// the K cache `[S', Hkv, D, C]`, the V cache `[S', C, Hkv, D]` (C: the positions a slot
/// holds, scratch included; the emitter's caches), positions
/// `[B, Q]` i32 and the output `[H * D, B]` f32, each as a base pointer and byte offset; then B, H, Hkv, D, C, W, Q, the
/// score scale as f32 bits, and the workgroup id (one workgroup per row and kv head).
pub fn decode_attention_symbol(kv: KvType) -> &'static str {
    match kv {
        KvType::F32 => "llm_decode_attention_f32",
        KvType::F16 => "llm_decode_attention_f16",
        KvType::Bf16 => "llm_decode_attention_bf16",
    }
}

/// [`decode_attention_symbol`] for models with attention sinks: one more binding after the
/// positions, the sinks `[H]` f32 (one logit per query head that joins its softmax).
pub fn decode_attention_sinks_symbol(kv: KvType) -> &'static str {
    match kv {
        KvType::F32 => "llm_decode_attention_sinks_f32",
        KvType::F16 => "llm_decode_attention_sinks_f16",
        KvType::Bf16 => "llm_decode_attention_sinks_bf16",
    }
}

/// Why the decode attention kernel cannot take heads of `head_dim` with `group` query heads
/// per kv head, if it cannot.
pub fn check_decode_attention(head_dim: usize, group: usize) -> Result<(), ShapeError> {
    if head_dim == 0 || !head_dim.is_multiple_of(16) || head_dim > ATTENTION_MAX_HEAD_DIM {
        return Err(ShapeError::HeadDim(head_dim));
    }
    if group == 0 || group > ATTENTION_MAX_GROUP {
        return Err(ShapeError::QueryGroup(group));
    }
    let heads = group.div_ceil(DECODE_ATTENTION_HEADS) * DECODE_ATTENTION_HEADS;
    if heads * head_dim > DECODE_ATTENTION_QUERY_FLOATS {
        return Err(ShapeError::DecodeQueries { head_dim, group });
    }
    Ok(())
}

/// One prefill chunk's attention over its slot: the C function for a cache type. Token t of
/// the chunk attends positions `0..=min(pos[t], W - 1)` of the slot, whose cache already holds
/// the chunk's K and V. Its arguments, all 64-bit: q `[H * D, T]` f32 (RoPE applied), the K
/// cache `[slots, Hkv, D, C]`, the V cache `[slots, C, Hkv, D]`, positions (T i32; the
/// graph passes its `[1, group * T]` query positions, whose first T are the tokens'), the slot
/// (one i32) and the output `[H * D, T]` f32, each as a base pointer and byte offset; then T,
/// H, Hkv, D, C, W, slots (scratch included), tokens per workgroup
/// ([`prefill_attention_tokens`]), the score scale as f32 bits, and the workgroup id (one
/// workgroup per kv head and block of tokens, [`prefill_attention_workgroups`]).
pub fn prefill_attention_symbol(kv: KvType) -> &'static str {
    match kv {
        KvType::F32 => "llm_prefill_attention_f32",
        KvType::F16 => "llm_prefill_attention_f16",
        KvType::Bf16 => "llm_prefill_attention_bf16",
    }
}

/// [`prefill_attention_symbol`] for models with attention sinks: one more binding after the
/// slot, the sinks `[H]` f32 (one logit per query head that joins its softmax).
pub fn prefill_attention_sinks_symbol(kv: KvType) -> &'static str {
    match kv {
        KvType::F32 => "llm_prefill_attention_sinks_f32",
        KvType::F16 => "llm_prefill_attention_sinks_f16",
        KvType::Bf16 => "llm_prefill_attention_sinks_bf16",
    }
}

/// Floats of the prefill kernel's stack buffer (`PF_FLOATS`): one slice of a key or value
/// block (64 x 64), then per query its scaled query and running output (D floats each) and
/// one block's weights (64).
const PREFILL_ATTENTION_FLOATS: usize = 11264;
const PREFILL_ATTENTION_SLICE: usize = 64 * 64;
/// Positions per key block of the prefill kernel (`PF_KEYS`).
const PREFILL_ATTENTION_KEYS: usize = 64;
/// Queries (query heads times tokens) one workgroup of the prefill kernel takes at most,
/// counted in its register blocks of 4 (`PF_MAX_QUERIES`, `PF_QR`).
const PREFILL_ATTENTION_MAX_QUERIES: usize = 64;
const PREFILL_ATTENTION_QUERY_BLOCK: usize = 4;

/// Tokens per workgroup of the prefill attention kernel for heads of `head_dim` with `group`
/// query heads per kv head: as many as its stack buffer holds ([`check_prefill_attention`]
/// first).
pub fn prefill_attention_tokens(head_dim: usize, group: usize) -> usize {
    let per_query = 2 * head_dim + PREFILL_ATTENTION_KEYS;
    let queries = ((PREFILL_ATTENTION_FLOATS - PREFILL_ATTENTION_SLICE) / per_query)
        .min(PREFILL_ATTENTION_MAX_QUERIES);
    // Queries are padded to whole register blocks.
    let block = PREFILL_ATTENTION_QUERY_BLOCK;
    let fits = |t: usize| (group * t).div_ceil(block) * block <= queries;
    let mut tokens = (queries / group.max(1)).max(1);
    while tokens > 1 && !fits(tokens) {
        tokens -= 1;
    }
    tokens
}

/// Workgroups of the prefill attention kernel for a chunk of `tokens` tokens.
pub fn prefill_attention_workgroups(
    tokens: usize,
    kv_heads: usize,
    head_dim: usize,
    group: usize,
) -> usize {
    kv_heads * tokens.div_ceil(prefill_attention_tokens(head_dim, group))
}

/// Why the prefill attention kernel cannot take heads of `head_dim` with `group` query heads
/// per kv head, if it cannot: the decode kernel's limits, and one token's queries must fit
/// the stack buffer (at D = 256, at most 12 query heads per kv head).
pub fn check_prefill_attention(head_dim: usize, group: usize) -> Result<(), ShapeError> {
    check_decode_attention(head_dim, group)?;
    if head_dim > PREFILL_ATTENTION_MAX_HEAD_DIM {
        return Err(ShapeError::HeadDim(head_dim));
    }
    let padded = group.div_ceil(PREFILL_ATTENTION_QUERY_BLOCK) * PREFILL_ATTENTION_QUERY_BLOCK;
    let floats = PREFILL_ATTENTION_SLICE + padded * (2 * head_dim + PREFILL_ATTENTION_KEYS);
    if floats > PREFILL_ATTENTION_FLOATS {
        return Err(ShapeError::PrefillQueries { head_dim, group });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The family CPUID gives is the one Linux reports (`/proc/cpuinfo`, which decodes the same
    /// leaf), on AMD CPUs; elsewhere there is none.
    #[test]
    fn amd_family_is_what_linux_reports() {
        let Ok(info) = std::fs::read_to_string("/proc/cpuinfo") else {
            eprintln!("skipped: no /proc/cpuinfo");
            return;
        };
        let field = |name: &str| {
            info.lines()
                .find(|l| l.split(':').next().is_some_and(|k| k.trim() == name))
                .and_then(|l| l.split(':').nth(1))
                .map(|v| v.trim().to_string())
        };
        let amd = field("vendor_id").as_deref() == Some("AuthenticAMD");
        let family = field("cpu family").and_then(|v| v.parse::<u32>().ok());
        assert_eq!(amd_family(), if amd { family } else { None });
    }

    /// The objects this build has, with their instruction sets.
    fn objects() -> Vec<(Isa, Object)> {
        [Isa::Avx512, Isa::Avx2]
            .into_iter()
            .filter_map(|isa| Some((isa, Object::of(isa)?)))
            .collect()
    }

    /// The symbols of the fixed-point family, which only the AVX-512 object has.
    fn fixed_family(symbol: &str) -> bool {
        symbol.starts_with("llm_fixed_")
            || symbol.starts_with(&format!("{}fixed_", Family::Experts.prefix()))
    }

    #[test]
    fn every_symbol_is_in_the_object() {
        for (isa, object) in objects() {
            symbols_are_in(isa, object);
        }
    }

    fn symbols_are_in(isa: Isa, object: Object) {
        let attention = [KvType::F32, KvType::F16, KvType::Bf16]
            .into_iter()
            .flat_map(|kv| {
                [
                    decode_attention_symbol(kv),
                    decode_attention_sinks_symbol(kv),
                    prefill_attention_symbol(kv),
                    prefill_attention_sinks_symbol(kv),
                ]
                .map(str::to_string)
            });
        let entries = FORMATS.iter().flat_map(|row| {
            let f = row.format;
            (1..=MAX_WEIGHTS)
                .flat_map(move |n| {
                    [
                        f.symbol_for(n),
                        f.fixed_symbol_for(n),
                        f.fixed_shared_symbol_for(n),
                        f.q8_symbol_for(n),
                    ]
                })
                .chain([
                    f.gather_symbol(),
                    f.experts_symbol(),
                    f.experts_fixed_symbol(),
                    f.experts_q8_symbol(),
                ])
                .flatten()
        });
        let names = entries
            .chain(attention)
            .chain([Q8_QUANTIZE_SYMBOL, FIXED_QUANTIZE_SYMBOL].map(str::to_string));
        for symbol in names {
            let found = object
                .bytes()
                .windows(symbol.len() + 1)
                .any(|w| &w[..symbol.len()] == symbol.as_bytes() && w[symbol.len()] == 0);
            let wanted = isa.fixed_family() || !fixed_family(&symbol);
            assert_eq!(found, wanted, "{symbol} in the {isa:?} object");
        }
    }

    /// The other direction: a row of `c/formats.h` that [`FORMATS`] lacks would be an entry
    /// point no graph can name. Every symbol of a product family in the object (the string
    /// table also holds the static cores, `<entry>_core` and `<entry>_product`, possibly with
    /// a compiler suffix after a dot) is one of the list's.
    #[test]
    fn every_product_in_the_object_is_listed() {
        for (isa, object) in objects() {
            products_are_listed(isa, object);
        }
    }

    fn products_are_listed(isa: Isa, object: Object) {
        let listed: std::collections::HashSet<String> = FORMATS
            .iter()
            .flat_map(|row| {
                let f = row.format;
                [
                    f.symbol(),
                    f.fixed_symbol_for(1),
                    f.fixed_shared_symbol_for(1),
                    f.q8_symbol_for(1),
                    f.experts_symbol(),
                    f.experts_fixed_symbol(),
                    f.experts_q8_symbol(),
                ]
            })
            .flatten()
            .filter(|s| isa.fixed_family() || !fixed_family(s))
            .collect();
        let families = [
            Family::F32,
            Family::Fixed,
            Family::FixedShared,
            Family::Q8,
            Family::Experts,
        ]
        .map(Family::prefix);
        let mut seen = 0;
        for name in object.bytes().split(|&b| b == 0) {
            let Ok(name) = std::str::from_utf8(name) else {
                continue;
            };
            if !families.iter().any(|p| name.starts_with(p)) {
                continue;
            }
            let base = name.split('.').next().unwrap_or(name);
            let entry = ["_x2", "_x3", "_gather", "_core", "_product"]
                .iter()
                .fold(base, |n, suffix| n.strip_suffix(suffix).unwrap_or(n));
            assert!(listed.contains(entry), "{name} has no row in FORMATS");
            seen += 1;
        }
        assert!(
            seen >= listed.len(),
            "{seen} symbols for {} entries",
            listed.len()
        );
    }

    #[test]
    fn rows_are_distinct() {
        for (i, a) in FORMATS.iter().enumerate() {
            for b in &FORMATS[i + 1..] {
                assert!(a.format != b.format && a.name != b.name, "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn file_name_follows_contents() {
        if let Some(object) = Object::get() {
            let name = object.file_name();
            assert!(name.starts_with("llm_kernels_") && name.ends_with(".o"));
            assert_eq!(name, object.file_name());
        }
    }

    #[test]
    fn prefill_attention_blocks_fit_the_stack_buffer() {
        assert_eq!(prefill_attention_tokens(64, 4), 9);
        assert_eq!(prefill_attention_tokens(64, 3), 12);
        assert_eq!(prefill_attention_tokens(128, 4), 5);
        assert_eq!(prefill_attention_tokens(256, 8), 1);
        assert_eq!(
            check_prefill_attention(256, 16),
            Err(ShapeError::PrefillQueries {
                head_dim: 256,
                group: 16
            })
        );
        for d in (16..=PREFILL_ATTENTION_MAX_HEAD_DIM).step_by(16) {
            for g in 1..=ATTENTION_MAX_GROUP {
                if check_prefill_attention(d, g).is_err() {
                    assert!(d > 128 && g > 8, "d {d} g {g} refused");
                    continue;
                }
                let padded = (g * prefill_attention_tokens(d, g)).div_ceil(4) * 4;
                assert!(padded <= PREFILL_ATTENTION_MAX_QUERIES, "d {d} g {g}");
                let floats = PREFILL_ATTENTION_SLICE + padded * (2 * d + 64);
                assert!(floats <= PREFILL_ATTENTION_FLOATS, "d {d} g {g}");
            }
        }
        assert_eq!(prefill_attention_workgroups(512, 8, 64, 4), 8 * 57);
    }

    #[test]
    fn checks_refuse_what_the_kernels_cannot_take() {
        let gm = |code, group, maps, min| GroupedMatmul {
            code,
            group,
            maps,
            min,
        };
        let q4_1 = gm(Code::U4, 32, Maps::F16, true);
        assert!(q4_1.check(1536, 576, 20).is_ok());
        assert!(q4_1.check(1530, 576, 20).is_err());
        assert!(q4_1.check(1536, 570, 20).is_err());
        // Long rows (Llama-3.1-8B's down_proj: 14336 inputs) are taken.
        assert!(q4_1.check(4096, 14336, 448).is_ok());
        let q4_k = gm(Code::U4, 32, Maps::SuperBlock6, true);
        assert!(q4_k.check(16, 256, 8).is_ok());
        assert!(q4_k.check(16, 128, 4).is_err());
        assert!(gm(Code::U4, 16, Maps::F16, false).check(16, 32, 4).is_err());
        // The 8-bit path: Q4_K rows of whole super-blocks only.
        assert!(q4_k.q8_check(16, 256, 8).is_ok());
        assert!(q4_1.q8_check(16, 576, 18).is_ok());
        let q6_k = gm(Code::I6, 16, Maps::SuperBlock8, false);
        assert!(q6_k.q8_check(16, 256 + 16, 32).is_err());
        assert_eq!(
            q6_k.q8_symbol_for(2).as_deref(),
            Some("llm_q8_matmul_i6_g16_k8_x2")
        );
    }

    /// Threads of one process writing the object into an empty folder at once (a test binary's
    /// tests loading their modules) all find it there, whole.
    #[test]
    fn the_object_is_written_from_many_threads_at_once() {
        let Some(object) = Object::get() else {
            return eprintln!("skipped: this build has no CPU kernels");
        };
        for round in 0..20 {
            let dir = std::env::temp_dir()
                .join(format!("llm-kernels-object-{}-{round}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::thread::scope(|s| {
                let writers: Vec<_> = (0..8)
                    .map(|_| s.spawn(|| object.write_into(&dir)))
                    .collect();
                for w in writers {
                    let path = w.join().unwrap().expect("the object written");
                    assert_eq!(std::fs::read(path).unwrap(), object.bytes());
                }
            });
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}
