//! Generates `include/sudoku.h` from the `extern "C"` items of `src/ffi.rs` with cbindgen.
//!
//! The header is committed. It is rewritten only when its content changes, so a build of
//! an unchanged tree leaves it byte for byte (and timestamp) as it was.
//!
//! Also writes the CMake package's version file, `cmake/sudoku-config-version.cmake`
//! (committed too, rewritten the same way), which `cargo cinstall` installs as it is.

use std::path::Path;

fn main() {
    let crate_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let crate_dir = Path::new(&crate_dir);
    for input in [
        "cbindgen.toml",
        "src",
        "cmake/sudoku-config-version.cmake.in",
    ] {
        println!("cargo:rerun-if-changed={}", crate_dir.join(input).display());
    }
    // The integration tests compile C and C++ callers with the `cc` crate, which needs the
    // target and host triples that only build scripts are told.
    for var in ["TARGET", "HOST"] {
        let value = std::env::var(var).expect("cargo sets TARGET and HOST for build scripts");
        println!("cargo:rustc-env=SUDOKU_BUILD_{var}={value}");
    }

    write_cmake_version_file(crate_dir);

    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is readable and valid");
    let bindings = match cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
    {
        Ok(b) => b,
        Err(e) => panic!("cbindgen could not generate include/sudoku.h: {e}"),
    };
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("cbindgen writes UTF-8");
    // cbindgen qualifies variants with the enum name (SUDOKU_STATUS_OK); the C API names
    // statuses SUDOKU_OK, SUDOKU_ERR_NULL and so on.
    let header = generated.replace("SUDOKU_STATUS_", "SUDOKU_");

    let path = crate_dir.join("include").join("sudoku.h");
    if std::fs::read_to_string(&path).ok().as_deref() != Some(header.as_str()) {
        std::fs::create_dir_all(path.parent().expect("include/ has a parent"))
            .expect("include/ can be created");
        std::fs::write(&path, header).expect("include/sudoku.h can be written");
    }
}

/// Writes `cmake/sudoku-config-version.cmake`, the version file of the CMake package, from
/// its template and the crate's version, when its content changes. It is an asset that
/// `cargo cinstall` installs as it is (see the `[package.metadata.capi.install.data]` table
/// of Cargo.toml): cargo-c installs files generated into `OUT_DIR` only when it builds the
/// shared library, and a `--library-type staticlib` install needs the file too. Its ABI
/// version follows the rule of the SONAME: the major version from 1.0 on, `0.minor` before.
fn write_cmake_version_file(crate_dir: &Path) {
    let var = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("cargo sets {name}"));
    let version = var("CARGO_PKG_VERSION");
    let major = var("CARGO_PKG_VERSION_MAJOR");
    let abi = if major == "0" {
        format!("0.{}", var("CARGO_PKG_VERSION_MINOR"))
    } else {
        major
    };
    let template = crate_dir.join("cmake/sudoku-config-version.cmake.in");
    let text = std::fs::read_to_string(&template)
        .expect("cmake/sudoku-config-version.cmake.in is readable")
        .replace("@VERSION@", &version)
        .replace("@ABI@", &abi);
    let path = crate_dir.join("cmake/sudoku-config-version.cmake");
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&path, text).expect("cmake/ is writable");
    }
}
