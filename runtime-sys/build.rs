//! Builds the IREE runtime from source (CMake), compiles the C shim in
//! `csrc/`, and generates Rust bindings for the shim header only.
//!
//! The IREE sources come from the crates.io crate `eerie-sys` (a pinned
//! dependency whose own build does nothing) unless `IREE_SOURCE_DIR` names
//! another tree. CMake is only re-configured when its arguments change, and one
//! build folder serves every build-script run with the same arguments.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// CMake targets whose static libraries make up what the shim links.
const CMAKE_TARGETS: &[&str] = &[
    "iree_runtime_unified",
    "iree_modules_io_parameters_parameters",
    "iree_io_formats_parser_registry",
    "iree_io_parameter_index_provider",
    "flatcc_parsing",
];

fn main() {
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("manifest dir"));
    let workspace = manifest_dir.parent().expect("workspace root").to_path_buf();
    let csrc = workspace.join("csrc");
    for file in ["iree_shim.h", "iree_shim.c"] {
        println!("cargo:rerun-if-changed={}", csrc.join(file).display());
    }
    for var in [
        "IREE_SOURCE_DIR",
        "CMAKE",
        "NINJA",
        "IREE_CUDA_DEPS_DIR",
        "IREE_CUDA_LIBDEVICE_PATH",
        "IREE_SHIM_SANITIZE",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }

    let iree_src = locate_iree_source(&workspace);
    let tools = Tools::find(&workspace);
    let build_dir = shared_build_dir(&out_dir, &iree_src, &tools);
    let _lock = lock(&build_dir);
    configure(&tools, &iree_src, &build_dir);
    build(&tools, &build_dir);
    let lib_dir = out_dir.join("lib");
    merge_static_libraries(&build_dir, &lib_dir);
    compile_shim(&csrc, &iree_src, &build_dir, &lib_dir);
    emit_link_directives(&lib_dir);
    use_venv_libclang(&workspace);
    generate_bindings(&csrc, &out_dir);
}

/// bindgen loads libclang at run time from `LIBCLANG_PATH` or system paths;
/// point it at the PyPI `libclang` in the project venv when that exists and
/// the caller chose nothing.
fn use_venv_libclang(workspace: &Path) {
    println!("cargo:rerun-if-env-changed=LIBCLANG_PATH");
    if env::var_os("LIBCLANG_PATH").is_some() {
        return;
    }
    let Ok(entries) = fs::read_dir(workspace.join(".venv/lib")) else {
        return;
    };
    for entry in entries.flatten() {
        let native = entry.path().join("site-packages/clang/native");
        if native.join("libclang.so").is_file() || native.join("libclang.dylib").is_file() {
            // SAFETY (edition 2021 API): the build script is single-threaded here.
            env::set_var("LIBCLANG_PATH", native);
            return;
        }
    }
}

fn fail(message: impl AsRef<str>) -> ! {
    eprintln!("runtime-sys build error: {}", message.as_ref());
    panic!("runtime-sys: {}", message.as_ref());
}

/// `IREE_SOURCE_DIR`, else the `iree/` folder of the `eerie-sys` crate that
/// Cargo downloaded for this workspace.
fn locate_iree_source(workspace: &Path) -> PathBuf {
    if let Ok(dir) = env::var("IREE_SOURCE_DIR") {
        let dir = PathBuf::from(dir);
        if !dir.join("runtime/src/iree/runtime/api.h").is_file() {
            fail(format!(
                "IREE_SOURCE_DIR={} holds no IREE runtime sources",
                dir.display()
            ));
        }
        return dir;
    }
    let dir = eerie_sys_from_metadata(workspace)
        .or_else(eerie_sys_from_cargo_home)
        .unwrap_or_else(|| {
            fail("eerie-sys sources not found; run `cargo fetch` or set IREE_SOURCE_DIR")
        })
        .join("iree");
    if !dir.join("runtime/src/iree/runtime/api.h").is_file() {
        fail(format!("{} holds no IREE runtime sources", dir.display()));
    }
    dir
}

/// Asks Cargo where it unpacked `eerie-sys`. `--offline` fails when another
/// workspace member's dependencies are not downloaded yet; the caller then
/// falls back to the registry cache.
fn eerie_sys_from_metadata(workspace: &Path) -> Option<PathBuf> {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target = env::var("TARGET").ok()?;
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version=1",
            "--offline",
            "--filter-platform",
            &target,
        ])
        .arg("--manifest-path")
        .arg(workspace.join("Cargo.toml"))
        .output()
        .ok()?;
    if !output.status.success() {
        println!(
            "cargo:warning=cargo metadata failed; looking for eerie-sys in the registry cache"
        );
        return None;
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).ok()?;
    let manifest = metadata["packages"]
        .as_array()?
        .iter()
        .find(|p| p["name"] == "eerie-sys")?["manifest_path"]
        .as_str()?
        .to_string();
    Path::new(&manifest).parent().map(Path::to_path_buf)
}

fn eerie_sys_from_cargo_home() -> Option<PathBuf> {
    let home = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    let registries = fs::read_dir(home.join("registry/src")).ok()?;
    registries
        .flatten()
        .map(|entry| entry.path().join("eerie-sys-0.5.0"))
        .find(|dir| dir.join("iree").is_dir())
}

struct Tools {
    cmake: PathBuf,
    ninja: Option<PathBuf>,
}

impl Tools {
    /// Prefers explicit env vars, then the project venv, then PATH.
    fn find(workspace: &Path) -> Tools {
        let venv_bin = workspace.join(".venv/bin");
        let pick = |var: &str, name: &str| -> Option<PathBuf> {
            if let Ok(path) = env::var(var) {
                return Some(PathBuf::from(path));
            }
            let local = venv_bin.join(name);
            if local.is_file() {
                return Some(local);
            }
            which(name)
        };
        let cmake = pick("CMAKE", "cmake")
            .unwrap_or_else(|| fail("cmake >= 3.26 not found (run `make setup`, or set CMAKE)"));
        check_cmake_version(&cmake);
        Tools {
            cmake,
            ninja: pick("NINJA", "ninja"),
        }
    }
}

fn which(name: &str) -> Option<PathBuf> {
    env::var_os("PATH").and_then(|paths| {
        env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

fn check_cmake_version(cmake: &Path) {
    let output = Command::new(cmake)
        .arg("--version")
        .output()
        .unwrap_or_else(|e| fail(format!("cannot run {}: {e}", cmake.display())));
    let text = String::from_utf8_lossy(&output.stdout);
    let version = text.split_whitespace().nth(2).unwrap_or("");
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    if (major, minor) < (3, 26) {
        fail(format!(
            "{} is version {version}; IREE needs >= 3.26",
            cmake.display()
        ));
    }
}

fn cmake_arguments(iree_src: &Path, build_dir: &Path, tools: &Tools) -> Vec<String> {
    let mut args = vec![
        format!("-S{}", iree_src.display()),
        format!("-B{}", build_dir.display()),
        "-DCMAKE_BUILD_TYPE=Release".into(),
        "-DCMAKE_POSITION_INDEPENDENT_CODE=ON".into(),
        "-DIREE_BUILD_COMPILER=OFF".into(),
        "-DIREE_BUILD_TESTS=OFF".into(),
        "-DIREE_BUILD_SAMPLES=OFF".into(),
        "-DIREE_BUILD_BENCHMARKS=OFF".into(),
        "-DIREE_BUILD_PYTHON_BINDINGS=OFF".into(),
        "-DIREE_BUILD_BINDINGS_TFLITE=OFF".into(),
        "-DIREE_BUILD_BINDINGS_TFLITE_JAVA=OFF".into(),
        "-DIREE_ENABLE_LIBBACKTRACE=OFF".into(),
        // cpuinfo is fetched from the network at configure time; the
        // runtime's sysfs topology is used instead.
        "-DIREE_ENABLE_CPUINFO=OFF".into(),
        "-DIREE_HAL_DRIVER_DEFAULTS=OFF".into(),
        "-DIREE_HAL_DRIVER_LOCAL_SYNC=ON".into(),
        "-DIREE_HAL_DRIVER_LOCAL_TASK=ON".into(),
        // llvm-cpu modules are embedded ELF. The VMVX loader is left out: every device
        // creation made it create a VM instance, which rewrites process-wide VM type
        // registrations and can fail a call running on another device ("ref type mismatch").
        "-DIREE_HAL_EXECUTABLE_LOADER_EMBEDDED_ELF=ON".into(),
        "-DIREE_HAL_EXECUTABLE_LOADER_SYSTEM_LIBRARY=OFF".into(),
        "-DIREE_HAL_EXECUTABLE_LOADER_VMVX_MODULE=OFF".into(),
    ];
    if let Some(ninja) = &tools.ninja {
        args.push("-GNinja".into());
        args.push(format!("-DCMAKE_MAKE_PROGRAM={}", ninja.display()));
    }
    if cuda_driver() {
        args.extend(cuda_arguments());
    }
    if env::var_os("CARGO_FEATURE_METAL").is_some() {
        args.push("-DIREE_HAL_DRIVER_METAL=ON".into());
    }
    args
}

/// Whether the CUDA driver is built: the `cuda` feature (on by default in `engine`), on
/// Linux, the one system with both NVIDIA's driver and IREE's CUDA HAL.
fn cuda_driver() -> bool {
    if env::var_os("CARGO_FEATURE_CUDA").is_none() {
        return false;
    }
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    os == "linux"
}

/// The CUDA driver needs only headers at build time (libcuda is loaded at run
/// time); they come from PyPI wheels unpacked by `scripts/cuda-deps.sh`.
/// IREE's CMake reads `IREE_CUDA_DEPS_DIR` from the environment.
fn cuda_arguments() -> Vec<String> {
    let workspace_deps = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("manifest dir"))
        .join("../.cache/cuda-deps");
    let deps = match env::var("IREE_CUDA_DEPS_DIR") {
        Ok(dir) => PathBuf::from(dir),
        Err(_) if workspace_deps.join("include/cuda.h").is_file() => workspace_deps,
        Err(_) => fail(
            "the CUDA driver (feature `cuda`, on by default) needs CUDA's headers: run \
             `make setup` or scripts/cuda-deps.sh, set IREE_CUDA_DEPS_DIR, or build `engine` \
             with `--no-default-features`",
        ),
    };
    if !deps.join("include/cuda.h").is_file() {
        fail(format!("{} has no include/cuda.h", deps.display()));
    }
    // One spelling of the folder, so the same headers give the same build folder.
    let deps = fs::canonicalize(&deps).unwrap_or(deps);
    // SAFETY (edition 2021 API): the build script is single-threaded here.
    env::set_var("IREE_CUDA_DEPS_DIR", &deps);
    let libdevice = env::var("IREE_CUDA_LIBDEVICE_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|_| deps.join("nvvm/libdevice/libdevice.10.bc"));
    vec![
        "-DIREE_HAL_DRIVER_CUDA=ON".into(),
        format!("-DIREE_CUDA_LIBDEVICE_PATH={}", libdevice.display()),
    ]
}

/// The IREE build folder, at the top of the target folder and named after everything that
/// shapes the build (CMake's arguments, the compilers and their flags, the target). Cargo
/// gives each build-script run its own `OUT_DIR`, per profile, and `cargo clippy` (a wrapper
/// around rustc) runs this script under another hash than `cargo build`: with the runtime in
/// `OUT_DIR`, a lint, a test build and the memory check each built it again, about 8 minutes
/// each on two cores. The runtime is always built as CMake's Release, whatever the profile.
fn shared_build_dir(out_dir: &Path, iree_src: &Path, tools: &Tools) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    cmake_arguments(iree_src, Path::new(""), tools).hash(&mut hasher);
    for var in ["TARGET", "CC", "CXX", "CFLAGS", "CXXFLAGS", "AR"] {
        println!("cargo:rerun-if-env-changed={var}");
        (var, env::var(var).ok()).hash(&mut hasher);
    }
    // OUT_DIR is <target>/<profile>/build/runtime-sys-<hash>/out.
    let target_dir = out_dir.ancestors().nth(4).unwrap_or(out_dir);
    target_dir.join(format!("iree-runtime-{:016x}", hasher.finish()))
}

/// Holds `build_dir` while CMake works in it. Cargo already runs one build at a time per
/// target folder; the lock keeps that true for anything else sharing the folder.
fn lock(build_dir: &Path) -> fs::File {
    fs::create_dir_all(build_dir).unwrap_or_else(|e| fail(format!("mkdir build dir: {e}")));
    let path = build_dir.join("runtime-sys.lock");
    let file =
        fs::File::create(&path).unwrap_or_else(|e| fail(format!("create {}: {e}", path.display())));
    file.lock()
        .unwrap_or_else(|e| fail(format!("lock {}: {e}", path.display())));
    file
}

/// Re-runs CMake's configure step only when its arguments changed.
fn configure(tools: &Tools, iree_src: &Path, build_dir: &Path) {
    let args = cmake_arguments(iree_src, build_dir, tools);
    let stamp = build_dir.join("runtime-sys.configure-stamp");
    let wanted = args.join("\n");
    let cache_ok = build_dir.join("CMakeCache.txt").is_file();
    if cache_ok && fs::read_to_string(&stamp).ok().as_deref() == Some(wanted.as_str()) {
        return;
    }
    fs::create_dir_all(build_dir).unwrap_or_else(|e| fail(format!("mkdir build dir: {e}")));
    run(Command::new(&tools.cmake).args(&args), "cmake configure");
    fs::write(&stamp, wanted).unwrap_or_else(|e| fail(format!("write stamp: {e}")));
}

fn build(tools: &Tools, build_dir: &Path) {
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());
    let mut cmd = Command::new(&tools.cmake);
    cmd.arg("--build")
        .arg(build_dir)
        .args(["--parallel", &jobs, "--target"]);
    cmd.args(CMAKE_TARGETS);
    if cuda_driver() {
        cmd.arg("iree_hal_drivers_cuda_registration_registration");
    }
    run(&mut cmd, "cmake build");
}

fn run(cmd: &mut Command, what: &str) {
    let status = cmd
        .status()
        .unwrap_or_else(|e| fail(format!("{what}: cannot start: {e}")));
    if !status.success() {
        fail(format!("{what} failed ({status}): {cmd:?}"));
    }
}

/// Folds every static library the build produced into one archive, so link
/// order between IREE's many small libraries stops mattering. The unified
/// runtime archive goes first: it repeats objects of the small libraries
/// (whose identical copies are then never pulled) and alone holds
/// `iree/runtime`; the small ones add what unified lacks (I/O parameters).
fn merge_static_libraries(build_dir: &Path, lib_dir: &Path) {
    let mut archives = Vec::new();
    collect_archives(build_dir, &mut archives);
    archives.sort_by_key(|p| {
        (
            p.file_name()
                .is_none_or(|n| n != "libiree_runtime_unified.a"),
            p.clone(),
        )
    });
    if archives.is_empty() {
        fail("the IREE build produced no static libraries");
    }
    fs::create_dir_all(lib_dir).unwrap_or_else(|e| fail(format!("mkdir lib dir: {e}")));
    let merged = lib_dir.join("libiree_runtime_all.a");
    let _ = fs::remove_file(&merged);
    let mut script = format!("CREATE {}\n", merged.display());
    for archive in &archives {
        script.push_str(&format!("ADDLIB {}\n", archive.display()));
    }
    script.push_str("SAVE\nEND\n");
    let script_path = lib_dir.join("merge.mri");
    fs::write(&script_path, script).unwrap_or_else(|e| fail(format!("write mri: {e}")));
    let ar = env::var("AR").unwrap_or_else(|_| "ar".into());
    let stdin = fs::File::open(&script_path).expect("mri script");
    run(
        Command::new(ar).arg("-M").stdin(stdin),
        "ar -M (merge IREE archives)",
    );
}

fn collect_archives(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_archives(&path, out);
        } else if path.extension().is_some_and(|e| e == "a") {
            out.push(path);
        }
    }
}

/// `IREE_SHIM_SANITIZE=address` builds the shim with AddressSanitizer (the memory-check
/// script links its tests with it). IREE's own code is left uninstrumented, so the check
/// shares the one runtime build; the sanitizer's allocator still sees every allocation, so
/// leaks and bad frees anywhere in the process are caught, overruns in the shim's code.
fn sanitizer_flags() -> Option<String> {
    let sanitizer = env::var("IREE_SHIM_SANITIZE")
        .ok()
        .filter(|s| !s.is_empty())?;
    Some(format!("-fsanitize={sanitizer} -fno-omit-frame-pointer"))
}

fn compile_shim(csrc: &Path, iree_src: &Path, build_dir: &Path, lib_dir: &Path) {
    let mut build = cc::Build::new();
    if let Some(flags) = sanitizer_flags() {
        for flag in flags.split_whitespace() {
            build.flag(flag);
        }
    }
    build
        .file(csrc.join("iree_shim.c"))
        .include(csrc)
        // IREE's headers are not warning-clean under -Wextra; keep the
        // shim's own warnings visible.
        .flag(format!(
            "-isystem{}",
            iree_src.join("runtime/src").display()
        ))
        .flag(format!(
            "-isystem{}",
            build_dir.join("runtime/src").display()
        ))
        .flag("-std=gnu11")
        // Error messages carry __FILE__; keep them relative to the project.
        .flag(format!(
            "-ffile-prefix-map={}/=",
            csrc.parent().expect("workspace").display()
        ))
        .define("IREE_ALLOCATOR_SYSTEM_CTL", "iree_allocator_libc_ctl")
        .define("NDEBUG", None)
        .warnings(true)
        .out_dir(lib_dir)
        .cargo_metadata(false)
        .compile("iree_shim");
}

fn emit_link_directives(lib_dir: &Path) {
    println!("cargo:rustc-link-search=native={}", lib_dir.display());
    println!("cargo:rustc-link-lib=static=iree_shim");
    println!("cargo:rustc-link-lib=static=iree_runtime_all");
    if sanitizer_flags().is_some() {
        // rustc links with -nodefaultlibs, so the sanitizer runtime must be
        // named; the memcheck script preloads it so it initialises first.
        println!("cargo:rustc-link-lib=dylib=asan");
    }
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "macos" {
        for framework in ["Foundation", "Metal"] {
            println!("cargo:rustc-link-lib=framework={framework}");
        }
    } else {
        for lib in ["pthread", "dl", "m"] {
            println!("cargo:rustc-link-lib=dylib={lib}");
        }
    }
}

fn generate_bindings(csrc: &Path, out_dir: &Path) {
    let mut builder = bindgen::Builder::default()
        .header(csrc.join("iree_shim.h").to_string_lossy())
        .allowlist_function("shim_.*")
        .allowlist_type("shim_.*")
        .allowlist_var("SHIM_.*")
        .rustified_enum("shim_.*_e")
        .derive_default(true)
        .layout_tests(false);
    // A libclang from PyPI lacks the compiler's own headers (stddef.h).
    if let Some(dir) = compiler_include_dir() {
        builder = builder.clang_arg(format!("-idirafter{}", dir.display()));
    }
    builder
        .generate()
        .unwrap_or_else(|e| fail(format!("bindgen failed (is libclang installed?): {e}")))
        .write_to_file(out_dir.join("bindings.rs"))
        .unwrap_or_else(|e| fail(format!("write bindings: {e}")));
}

fn compiler_include_dir() -> Option<PathBuf> {
    let output = Command::new("cc")
        .arg("-print-file-name=include")
        .output()
        .ok()?;
    let dir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    dir.is_dir().then_some(dir)
}
