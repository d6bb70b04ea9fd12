//! Compiles the C kernels into relocatable objects that iree-compile links into the CPU
//! executables of modules that call them: one for x86-64-v4 (AVX-512) and one of the f32
//! families for x86-64-v3 (AVX2), the engine taking the one its CPU runs (`kernels::Isa`).
//! Bare-metal flags: IREE's embedded ELF loader offers no libc, and the objects must be
//! position independent. Only x86-64 hosts get kernels; elsewhere the objects are empty and
//! the graphs keep IREE's own code generation.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The object's translation unit, then what it includes, and the tests' indexes of the entry
/// points (which name the objects' symbols).
const SOURCES: &[&str] = &[
    "c/kernels.c",
    "c/grouped_matmul.c",
    "c/experts.c",
    "c/q8_matmul.c",
    "c/q8_avx2.h",
    "c/fixed_matvec.c",
    "c/decode_attention.c",
    "c/prefill_attention.c",
    "c/attention.h",
    "c/formats.h",
    "c/grouped.h",
    "c/index.h",
    "c/index.c",
    "c/kernels_avx2.c",
    "c/avx2.h",
    "c/index_avx2.c",
];

fn main() {
    let dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    for source in SOURCES {
        println!("cargo:rerun-if-changed={source}");
    }
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if arch != "x86_64" {
        for object in ["kernels.o", "kernels_avx2.o"] {
            std::fs::write(dir.join(object), []).expect("write empty kernel object");
        }
        return;
    }
    // Every kernel for x86-64-v4 (AVX-512); the f32 families again for x86-64-v3 (AVX2), whose
    // CPUs have no AVX-512 (c/avx2.h). Each is minutes of one core (the entry points are many
    // unrolled instances), and every crate that links the kernels waits for this script: the
    // two run side by side.
    // The fixed-point products ask Linux for the matrix unit's state themselves (a syscall,
    // c/fixed_matvec.c); on other systems they never use it.
    let linux = env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let avx512 = dir.join("kernels.o");
    let avx2 = dir.join("kernels_avx2.o");
    std::thread::scope(|scope| {
        scope.spawn(|| object(SOURCES[0], "x86-64-v4", linux, &avx512));
        object("c/kernels_avx2.c", "x86-64-v3", linux, &avx2);
    });
    // Those objects, not another compile of their source, are what this crate's tests and
    // benches call, each beside an index of its entry points by name (`c/index.c`,
    // `c/index_avx2.c`). The AVX2 object's symbols get a prefix, as both define the same names.
    let avx2_prefixed = dir.join("kernels_avx2_prefixed.o");
    prefix_symbols(&avx2, "avx2_", &avx2_prefixed);
    index("c/index.c", &avx512, "llm_kernels");
    index("c/index_avx2.c", &avx2_prefixed, "llm_kernels_avx2");
}

/// The static library `name`: the index `source` and the kernels' `object` it names.
fn index(source: &str, object: &Path, name: &str) {
    cc::Build::new()
        .file(source)
        .object(object)
        .flag("-std=c17")
        .opt_level(2)
        .compile(name);
}

/// Writes `object` to `out` with every symbol named `prefix` + its name (binutils' objcopy,
/// which every gcc toolchain has; `OBJCOPY` names another).
fn prefix_symbols(object: &Path, prefix: &str, out: &Path) {
    let objcopy = env::var("OBJCOPY").unwrap_or_else(|_| "objcopy".into());
    println!("cargo:rerun-if-env-changed=OBJCOPY");
    let status = Command::new(&objcopy)
        .arg(format!("--prefix-symbols={prefix}"))
        .arg(object)
        .arg(out)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {objcopy} (binutils; set OBJCOPY): {e}"));
    assert!(
        status.success(),
        "{objcopy} failed to prefix the AVX2 object's symbols"
    );
}

/// Compiles the translation unit `source` for `march` into the relocatable object `out`
/// (`linux`: for a Linux target).
fn object(source: &str, march: &str, linux: bool, out: &Path) {
    let compiler = cc::Build::new().opt_level(3).get_compiler();
    let mut command = compiler.to_command();
    command.args([
        "-std=c17",
        "-O3",
        &format!("-march={march}"),
        "-ffreestanding",
        "-fno-builtin",
        "-fPIC",
        "-fno-stack-protector",
        "-fno-stack-clash-protection",
        // IREE's workers have 128 KiB of stack; a kernel call keeps to 48 KiB (grouped.h).
        // The f32 grouped cores are the largest, at 47.4 KiB.
        "-Werror=frame-larger-than=49152",
        "-fno-asynchronous-unwind-tables",
        "-fno-exceptions",
        "-fno-ident",
        "-ffunction-sections",
        "-fdata-sections",
        "-g0",
        "-c",
        source,
        "-o",
    ]);
    command.arg(out);
    if linux {
        command.arg("-DLLM_KERNELS_LINUX=1");
    }
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("cannot run the C compiler {:?}: {e}", compiler.path()));
    assert!(
        status.success(),
        "compiling the CPU kernels ({march}) failed"
    );
}
