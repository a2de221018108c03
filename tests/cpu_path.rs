//! `SUDOKU_FORCE_PATH` and `sudoku_cpu_path`: each available path can be forced, and an
//! unknown or unavailable name falls back to the detected path. The variable is read once
//! per process, so each case runs this test binary again with the variable set.

#[path = "common/foreign.rs"]
mod foreign;

use std::ffi::CStr;
use sudoku_core::engine::{Path, FORCE_PATH_VARIABLE};

/// The path `sudoku_cpu_path` names, as a Rust string.
fn cpu_path() -> String {
    // SAFETY: the export returns a static NUL-terminated string.
    let name = unsafe { CStr::from_ptr(sudoku::ffi::sudoku_cpu_path()) };
    name.to_str().expect("ASCII").to_owned()
}

/// What this process runs on: checked by the parent for each forced name.
#[test]
fn child_reports_its_path() {
    let name = cpu_path();
    assert_eq!(name, Path::selected().name());
    // The answer does not change within a process.
    assert_eq!(cpu_path(), name);
    println!("cpu path: <{name}>");
}

/// Runs [`child_reports_its_path`] in a new process with `forced` in the variable.
fn path_of_child(forced: &str) -> String {
    let exe = std::env::current_exe().expect("the test binary");
    let mut cmd = foreign::command(&exe);
    cmd.args([
        "--exact",
        "child_reports_its_path",
        "--nocapture",
        "--test-threads=1",
    ])
    .env(FORCE_PATH_VARIABLE, forced);
    let out = foreign::output(&mut cmd, b"");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{forced}: {stdout}");
    let start = stdout.find("cpu path: <").expect("the child's report") + 11;
    let len = stdout[start..].find('>').expect("the report's end");
    stdout[start..start + len].to_owned()
}

#[test]
fn each_available_path_can_be_forced_and_other_names_are_ignored() {
    let detected = Path::detected().name();
    for path in Path::ALL {
        let expected = if path.is_available() {
            path.name()
        } else {
            detected
        };
        assert_eq!(path_of_child(path.name()), expected, "{path:?}");
    }
    for name in ["", "fastest", "AVX9", "sse2"] {
        assert_eq!(path_of_child(name), detected, "{name:?}");
    }
}
