//! The library seen from outside: builds the C and C++ callers with the compiler the `cc`
//! crate finds, links them against the libsudoku built for these tests (shared and
//! static), runs them and checks what they print; runs the Python module's tests with
//! `python3`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use sudoku::Board;

const EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const ANSWER: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding the libsudoku.so and libsudoku.a that cargo built for this test
/// run: `target/<profile>/deps`, beside the test binary (cargo copies them up to
/// `target/<profile>` only for `cargo build`, so that copy may be stale).
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary knows its path");
    let dir = exe
        .parent()
        .expect("test binaries live in target/<profile>/deps");
    assert!(
        dir.join("libsudoku.so").exists() || dir.join("libsudoku.dylib").exists(),
        "no shared libsudoku in {}",
        dir.display()
    );
    dir.to_path_buf()
}

fn shared_lib() -> PathBuf {
    let dir = lib_dir();
    let so = dir.join("libsudoku.so");
    if so.exists() {
        so
    } else {
        dir.join("libsudoku.dylib")
    }
}

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("callers");
    std::fs::create_dir_all(&dir).expect("the test output directory can be created");
    dir
}

#[derive(Clone, Copy, PartialEq)]
enum Link {
    Shared,
    Static,
}

/// The libraries a Rust staticlib needs from the system.
const STATIC_DEPS: &[&str] = if cfg!(target_os = "macos") {
    &["-lSystem", "-lc", "-lm"]
} else {
    &[
        "-lgcc_s",
        "-lutil",
        "-lrt",
        "-lpthread",
        "-lm",
        "-ldl",
        "-lc",
    ]
};

/// Compiles `sources` (C, or C++ when `cpp`) into an executable named `name`, with
/// warnings as errors, and links it against libsudoku.
fn build(name: &str, sources: &[PathBuf], cpp: bool, std: &str, link: Link) -> PathBuf {
    let compiler = cc::Build::new()
        .cpp(cpp)
        .target(env!("SUDOKU_BUILD_TARGET"))
        .host(env!("SUDOKU_BUILD_HOST"))
        .opt_level(1)
        .cargo_metadata(false)
        .get_compiler();
    let exe = out_dir().join(name);
    let lib = lib_dir();
    let mut cmd = compiler.to_command();
    cmd.arg(format!("-std={std}"))
        .args(["-Wall", "-Wextra", "-pedantic", "-Werror", "-pthread"])
        .arg("-I")
        .arg(root().join("include"))
        .args(sources)
        .arg("-o")
        .arg(&exe);
    match link {
        Link::Shared => {
            cmd.arg(format!("-L{}", lib.display()))
                .arg(format!("-Wl,-rpath,{}", lib.display()))
                .arg("-lsudoku");
        }
        Link::Static => {
            cmd.arg(lib.join("libsudoku.a")).args(STATIC_DEPS);
        }
    }
    let out = cmd.output().expect("the C/C++ compiler runs");
    assert!(
        out.status.success(),
        "building {name} failed: {cmd:?}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn run(exe: &Path, args: &[&str], stdin: &str) -> Output {
    // cargo points LD_LIBRARY_PATH at target/<profile>, whose libsudoku.so may be stale
    // (see lib_dir); make the loader find this run's library first.
    let mut child = Command::new(exe)
        .args(args)
        .env("LD_LIBRARY_PATH", lib_dir())
        .env("DYLD_LIBRARY_PATH", lib_dir())
        .current_dir(root().join("c_examples"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{} does not start: {e}", exe.display()));
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin can be written");
    child.wait_with_output().expect("the program finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn header_compiles_cleanly_as_c99_c11_and_cpp11() {
    let probe = out_dir().join("header_probe.c");
    std::fs::write(&probe, "#include \"sudoku.h\"\n#include \"sudoku.h\"\nint main(void) { return sudoku_solve(0) == SUDOKU_ERR_NULL ? 0 : 1; }\n")
        .unwrap();
    for std in ["c99", "c11"] {
        let exe = build(
            &format!("header_{std}"),
            std::slice::from_ref(&probe),
            false,
            std,
            Link::Shared,
        );
        assert!(run(&exe, &[], "").status.success());
    }
    let probe = out_dir().join("header_probe.cpp");
    std::fs::write(&probe, "#include \"sudoku.hpp\"\n#include \"sudoku.hpp\"\nint main() { return sudoku::version().empty() ? 1 : 0; }\n")
        .unwrap();
    let exe = build("header_cpp11", &[probe], true, "c++11", Link::Shared);
    assert!(run(&exe, &[], "").status.success());
}

#[test]
fn c_contract_test_passes_linked_shared_and_static() {
    let source = root().join("tests/c/contract.c");
    for (name, link) in [
        ("contract_shared", Link::Shared),
        ("contract_static", Link::Static),
    ] {
        let exe = build(name, std::slice::from_ref(&source), false, "c99", link);
        let out = run(&exe, &[], "");
        let stdout = text(&out.stdout);
        assert!(
            out.status.success(),
            "{name} failed:\n{stdout}{}",
            text(&out.stderr)
        );
        assert!(stdout.contains(", 0 failed"), "{name}: {stdout}");
    }
}

/// The puzzles of a file in the examples' format.
fn puzzles(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn c_solve_program_solves_the_bundled_puzzles() {
    let exe = build(
        "solve",
        &[root().join("c_examples/solve.c")],
        false,
        "c99",
        Link::Shared,
    );
    let file = std::fs::read_to_string(root().join("c_examples/puzzles.txt")).unwrap();
    let expected = puzzles(&file);
    assert!(expected.len() >= 20);
    for (args, stdin) in [(vec!["puzzles.txt"], ""), (vec![], file.as_str())] {
        let out = run(&exe, &args, stdin);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let solved: Vec<&str> = stdout.lines().collect();
        assert_eq!(solved.len(), expected.len());
        for (p, s) in expected.iter().zip(&solved) {
            let p = Board::from_text(p).unwrap();
            let s = Board::from_text(s).unwrap();
            assert!(s.is_solution_of(&p), "{s} does not solve {p}");
        }
    }
}

#[test]
fn c_solve_program_reports_each_bad_line_and_fails() {
    let exe = build(
        "solve_bad",
        &[root().join("c_examples/solve.c")],
        false,
        "c99",
        Link::Shared,
    );
    let input = [
        "# a comment",
        EXAMPLE,
        &format!("{}x", &EXAMPLE[..80]),
        &format!("55{}", &EXAMPLE[2..]),
        "",
        &format!("12345678.........9{}", ".".repeat(63)),
        &EXAMPLE[..80],
        &EXAMPLE.replace('.', "0"),
    ]
    .join("\n");
    let out = run(&exe, &[], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), format!("{ANSWER}\n{ANSWER}\n"));
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 4, "{stderr}");
    assert!(
        lines[0].starts_with("line 3: invalid character"),
        "{stderr}"
    );
    assert!(
        lines[1].starts_with("line 4: conflicting givens"),
        "{stderr}"
    );
    assert!(lines[2].starts_with("line 6: no solution"), "{stderr}");
    assert!(
        lines[3].starts_with("line 7: expected 81 characters"),
        "{stderr}"
    );

    let missing = run(&exe, &["no/such/file"], "");
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn c_solve_program_refuses_every_kind_of_bad_line() {
    // tests/c/bad_lines.txt holds one line of each kind solve.c must refuse (bad bytes,
    // NUL and 0xFF among them, clashes, no solution, short and long lines), between lines
    // it must solve (CRLF, '0' blanks, no final newline); bad_lines.stderr is what it must
    // say. The sanitizer and valgrind runs (.ci/memcheck) use the same files.
    let exe = build(
        "solve_bad_lines",
        &[root().join("c_examples/solve.c")],
        false,
        "c99",
        Link::Shared,
    );
    let input = root().join("tests/c/bad_lines.txt");
    let out = run(&exe, &[input.to_str().expect("a UTF-8 path")], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let expected = std::fs::read_to_string(root().join("tests/c/bad_lines.stderr")).unwrap();
    assert_eq!(text(&out.stderr), expected);
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        vec![ANSWER; 5],
        "{stdout}"
    );
}

#[test]
fn cpp_leetcode_program_gives_the_known_answer() {
    for link in [Link::Shared, Link::Static] {
        let name = if link == Link::Shared {
            "leetcode"
        } else {
            "leetcode_static"
        };
        let exe = build(
            name,
            &[root().join("c_examples/leetcode.cpp")],
            true,
            "c++11",
            link,
        );
        let out = run(&exe, &[], "");
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
        assert!(stdout.starts_with("5 3 4 6 7 8 9 1 2\n"), "{stdout}");
        assert!(
            stdout.contains("solved: matches LeetCode's answer"),
            "{stdout}"
        );
    }
}

#[test]
fn cpp_layer_keeps_unsolvable_boards_untouched() {
    let source = root().join("tests/c/cpp_layer.cpp");
    let exe = build("cpp_layer", &[source], true, "c++11", Link::Shared);
    let out = run(&exe, &[], "");
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

fn python(args: &[&str]) -> Output {
    Command::new("python3")
        .args(args)
        .current_dir(root().join("c_examples"))
        .env("SUDOKU_LIB", shared_lib())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs (it is a prerequisite of the test suite)")
}

#[test]
fn python_module_passes_its_tests_and_doctest() {
    let out = python(&["-m", "unittest", "-v", "test_sudoku"]);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stderr).contains("OK"), "{}", text(&out.stderr));
    let out = python(&["-m", "doctest", "-v", "sudoku.py"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(
        text(&out.stdout).contains("passed and 0 failed"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn python_script_solves_the_bundled_puzzles() {
    let out = python(&["sudoku.py", "puzzles.txt"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = std::fs::read_to_string(root().join("c_examples/puzzles.txt")).unwrap();
    let expected = puzzles(&file);
    let stdout = text(&out.stdout);
    let solved: Vec<&str> = stdout.lines().collect();
    assert_eq!(solved.len(), expected.len());
    for (p, s) in expected.iter().zip(solved) {
        let p = Board::from_text(p).unwrap();
        assert!(Board::from_text(s).unwrap().is_solution_of(&p));
    }
}

/// The fenced code blocks of README.md in `language`.
fn readme_blocks(language: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let fence = format!("```{language}");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in readme.lines() {
        match current.as_mut() {
            None if line.trim_end() == fence => current = Some(String::new()),
            None => {}
            Some(_) if line.trim_end() == "```" => blocks.extend(current.take()),
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
        }
    }
    blocks
}

#[test]
fn readme_snippets_compile_and_run() {
    let c = readme_blocks("c");
    let cpp = readme_blocks("cpp");
    let py = readme_blocks("python");
    assert!(!c.is_empty() && !cpp.is_empty() && !py.is_empty());
    for (blocks, ext, cpp, std) in [(&c, "c", false, "c99"), (&cpp, "cpp", true, "c++11")] {
        for (k, code) in blocks.iter().enumerate() {
            let name = format!("readme_{ext}_{k}");
            let source = out_dir().join(format!("{name}.{ext}"));
            std::fs::write(&source, code).unwrap();
            let exe = build(&name, &[source], cpp, std, Link::Shared);
            let out = run(&exe, &[], "");
            assert!(
                out.status.success(),
                "README {ext} block {k} failed:\n{code}"
            );
        }
    }
    let c_output = run(&out_dir().join("readme_c_0"), &[], "");
    assert_eq!(text(&c_output.stdout), format!("{ANSWER}\n"));
    for code in py {
        let out = python(&["-c", &code]);
        assert!(out.status.success(), "{code}\n{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(stdout.starts_with(ANSWER), "{stdout}");
        assert!(stdout.contains("-3 conflicting givens"), "{stdout}");
    }
}
