//! The library seen from outside: builds the C and C++ callers with the compiler the `cc`
//! crate finds, links them against the libsudoku built for these tests (shared and
//! static), runs them and checks what they print; runs the Python package's tests
//! (python/tests, on the checkout's python/src) and the example script with `python3`.

#[path = "common/foreign.rs"]
mod foreign;

use std::path::PathBuf;
use std::process::{Command, Output};
use sudoku_core::engine::{Path, FORCE_PATH_VARIABLE};
use sudoku_core::{Board, Difficulty, CELLS};

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
    build_with(name, sources, cpp, std, link, &[])
}

/// [`build`] with `extra` arguments for the compiler (after the sources and libraries).
fn build_with(
    name: &str,
    sources: &[PathBuf],
    cpp: bool,
    std: &str,
    link: Link,
    extra: &[&str],
) -> PathBuf {
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
    cmd.args(extra);
    let out = foreign::output(&mut cmd, b"");
    assert!(
        out.status.success(),
        "building {name} failed: {cmd:?}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn run(exe: &std::path::Path, args: &[&str], stdin: &str) -> Output {
    run_with(exe, args, stdin, &[])
}

/// [`run`] with more environment variables.
fn run_with(exe: &std::path::Path, args: &[&str], stdin: &str, vars: &[(&str, &str)]) -> Output {
    // cargo points LD_LIBRARY_PATH at target/<profile>, whose libsudoku.so may be stale
    // (see lib_dir); make the loader find this run's library first.
    let mut cmd = foreign::command(exe);
    cmd.args(args)
        .envs(vars.iter().copied())
        .env("LD_LIBRARY_PATH", lib_dir())
        .env("DYLD_LIBRARY_PATH", lib_dir())
        .current_dir(root().join("c_examples"));
    foreign::output(&mut cmd, stdin.as_bytes())
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

/// The C contract test, linked shared and static, on every path this CPU can run
/// (forced through `SUDOKU_FORCE_PATH`; `sudoku_cpu_path()` must name it), and with an
/// unknown name (the detected path); with the shared contract table
/// (`tests/data/contract_cases.txt`, which the npm package's test reads too) as its
/// argument.
#[test]
fn c_contract_test_passes_linked_shared_and_static_on_every_path() {
    let source = root().join("tests/c/contract.c");
    let table = root().join("tests/data/contract_cases.txt");
    let table = table.to_str().expect("the checkout's path is UTF-8");
    let detected = Path::detected().name();
    let forced = Path::available()
        .map(|p| (p.name(), p.name()))
        .chain([("no-such-path", detected)])
        .collect::<Vec<_>>();
    for (name, link) in [
        ("contract_shared", Link::Shared),
        ("contract_static", Link::Static),
    ] {
        let exe = build(name, std::slice::from_ref(&source), false, "c99", link);
        for &(force, expected) in &forced {
            let out = run_with(&exe, &[table], "", &[(FORCE_PATH_VARIABLE, force)]);
            let stdout = text(&out.stdout);
            assert!(
                out.status.success(),
                "{name} on {force}:\n{stdout}{}",
                text(&out.stderr)
            );
            assert!(stdout.contains(", 0 failed"), "{name} on {force}: {stdout}");
            assert!(
                stdout.contains("contract table: "),
                "{name} on {force}: {stdout}"
            );
            let line = format!("cpu path: {expected}\n");
            assert!(stdout.contains(&line), "{name} on {force}: {stdout}");
        }
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn c_batch_survives_failing_malloc_and_pthread_create() {
    // tests/c/no_memory.c interposes the allocator and pthread_create, failing on demand:
    // every batch must still give the single calls' answers, and the process survive.
    let source = root().join("tests/c/no_memory.c");
    for (name, link) in [
        ("no_memory_shared", Link::Shared),
        ("no_memory_static", Link::Static),
    ] {
        let exe = build_with(
            name,
            std::slice::from_ref(&source),
            false,
            "c99",
            link,
            &["-ldl"],
        );
        let out = run(&exe, &[], "");
        let stdout = text(&out.stdout);
        assert!(
            out.status.success(),
            "{name} failed ({:?}):\n{stdout}{}",
            out.status,
            text(&out.stderr)
        );
        assert!(stdout.contains(", 0 failed"), "{name}: {stdout}");
        // The first call of a process reads SUDOKU_FORCE_PATH: with it set, that read must
        // not allocate either. Run through `run_with`, which points the loader at this
        // run's library: cargo's LD_LIBRARY_PATH puts target/<profile> first, and the loader
        // searches it before the program's RUNPATH, so a bare command would run whatever
        // libsudoku.so an earlier `cargo build` left there (an unoptimised one, whose
        // workers need more stack).
        for forced in ["portable", "an unknown path"] {
            let out = run_with(&exe, &[], "", &[(FORCE_PATH_VARIABLE, forced)]);
            let stdout = text(&out.stdout);
            assert!(
                out.status.success() && stdout.contains(", 0 failed"),
                "{name} with SUDOKU_FORCE_PATH={forced} ({:?}):\n{stdout}{}",
                out.status,
                text(&out.stderr)
            );
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn c_every_export_runs_on_a_small_thread_stack() {
    // tests/c/stack.c calls every export, on hard and bad boards, every level of
    // generation and batches, in a pthread with a small stack: 128 KiB, the bound the
    // header documents for the release library, when this library is built like it (no
    // debug assertions: `cargo test --release`; .ci/boundary runs it on the release
    // build, on every path), else 256 KiB (the test profile has no LTO and keeps debug
    // assertions, which make the engine's frames larger). A crash (stack overflow) fails the test. The
    // measured needs are printed.
    let size = if cfg!(debug_assertions) {
        "262144"
    } else {
        "131072"
    };
    let source = root().join("tests/c/stack.c");
    for (name, link) in [
        ("stack_shared", Link::Shared),
        ("stack_static", Link::Static),
    ] {
        let exe = build(name, std::slice::from_ref(&source), false, "c99", link);
        let out = run(&exe, &[size], "");
        let stdout = text(&out.stdout);
        assert!(
            out.status.success(),
            "{name} failed ({:?}):\n{stdout}{}",
            out.status,
            text(&out.stderr)
        );
        assert!(stdout.ends_with("stack: every export ran\n"), "{stdout}");
        let measured = run(&exe, &["measure"], "");
        assert!(measured.status.success());
        eprintln!("{name}:\n{}", text(&measured.stdout));
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
fn cpp_layer_test_passes() {
    // tests/c/cpp_layer.cpp: boards it cannot solve stay untouched, and every toolkit
    // wrapper (counts, uniqueness, rating, generation, batches, their exceptions).
    let source = root().join("tests/c/cpp_layer.cpp");
    let exe = build("cpp_layer", &[source], true, "c++11", Link::Shared);
    let out = run(&exe, &[], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert_eq!(stdout, "cpp layer: 0 failed\n");
}

#[test]
fn cpp_maker_test_passes() {
    // tests/c/cpp_maker.cpp: the puzzle maker's C++ wrappers (generation with options,
    // canonical forms, transforms, sukaku) and their exceptions.
    let source = root().join("tests/c/cpp_maker.cpp");
    let exe = build("cpp_maker", &[source], true, "c++11", Link::Shared);
    let out = run(&exe, &[], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert_eq!(stdout, "cpp maker: 0 failed\n");
}

/// The C++ compilers of this machine among g++ and clang++ (none is an error: the cc
/// crate's compiler builds the other C++ tests).
fn cpp_compilers() -> Vec<&'static str> {
    ["g++", "clang++"]
        .into_iter()
        .filter(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .collect()
}

#[test]
fn cpp_layer_compiles_with_and_without_exceptions() {
    // tests/c/cpp_exceptions.cpp: with -fno-exceptions the header keeps every call that
    // throws nothing and SUDOKU_HPP_EXCEPTIONS is 0; with exceptions it is 1.
    let source = root().join("tests/c/cpp_exceptions.cpp");
    let modes = [("-fexceptions", 1), ("-fno-exceptions", 0)];
    let check = |exe: &std::path::Path, what: &str, expect: i32| {
        let run = run(exe, &[], "");
        assert!(run.status.success(), "{what}: {}", text(&run.stdout));
        assert_eq!(
            text(&run.stdout),
            format!("cpp exceptions {expect}: 0 failed\n")
        );
    };
    if foreign::is_foreign() {
        // The host's g++ and clang++ do not link for the target: its own C++ compiler (the
        // cc crate's) builds both ways.
        for (flag, expect) in modes {
            let define = format!("-DEXPECT_EXCEPTIONS={expect}");
            let name = format!("cpp_exceptions_target_{expect}");
            let source = std::slice::from_ref(&source);
            let exe = build_with(&name, source, true, "c++11", Link::Shared, &[flag, &define]);
            check(&exe, flag, expect);
        }
        return;
    }
    let compilers = cpp_compilers();
    if compilers.is_empty() {
        eprintln!("neither g++ nor clang++ found: skipped");
        return;
    }
    let lib = lib_dir();
    for compiler in compilers {
        for (flag, expect) in modes {
            let exe = out_dir().join(format!("cpp_exceptions_{compiler}_{expect}"));
            let out = Command::new(compiler)
                .args(["-std=c++11", flag, &format!("-DEXPECT_EXCEPTIONS={expect}")])
                .args(["-Wall", "-Wextra", "-pedantic", "-Werror", "-I"])
                .arg(root().join("include"))
                .arg(&source)
                .arg("-o")
                .arg(&exe)
                .arg(format!("-L{}", lib.display()))
                .arg(format!("-Wl,-rpath,{}", lib.display()))
                .arg("-lsudoku")
                .output()
                .expect("the C++ compiler runs");
            assert!(
                out.status.success(),
                "{compiler} {flag}:\n{}",
                text(&out.stderr)
            );
            check(&exe, &format!("{compiler} {flag}"), expect);
        }
    }
}

#[test]
fn cpp_files_built_with_and_without_exceptions_link_into_one_program() {
    // tests/c/cpp_mixed_*.cpp: a built with -fno-exceptions, b and c with exceptions (c
    // with SUDOKU_NO_EXCEPTIONS). The header's progress calls differ between the two
    // modes; each file must get its own whichever comes first on the link line (with one
    // set for all, a `stop` that throws in b went through the C library and aborted).
    let files = [
        ("a", "-fno-exceptions"),
        ("b", "-fexceptions"),
        ("c", "-fexceptions"),
    ];
    let lib = lib_dir();
    let build = |label: &str, compiler: &dyn Fn() -> Command| {
        let objects: Vec<PathBuf> = files
            .iter()
            .map(|(file, flag)| {
                let object = out_dir().join(format!("cpp_mixed_{label}_{file}.o"));
                let mut cmd = compiler();
                cmd.args([
                    "-std=c++11",
                    flag,
                    "-Wall",
                    "-Wextra",
                    "-pedantic",
                    "-Werror",
                ])
                .arg("-I")
                .arg(root().join("include"))
                .arg("-c")
                .arg(root().join(format!("tests/c/cpp_mixed_{file}.cpp")))
                .arg("-o")
                .arg(&object);
                let out = foreign::output(&mut cmd, b"");
                assert!(
                    out.status.success(),
                    "{label} {file}:\n{}",
                    text(&out.stderr)
                );
                object
            })
            .collect();
        // a first, then a last.
        for (k, order) in [[0, 1, 2], [1, 2, 0]].iter().enumerate() {
            let exe = out_dir().join(format!("cpp_mixed_{label}_{k}"));
            let mut cmd = compiler();
            cmd.args(order.iter().map(|&i| &objects[i]))
                .arg("-o")
                .arg(&exe)
                .arg(format!("-L{}", lib.display()))
                .arg(format!("-Wl,-rpath,{}", lib.display()))
                .arg("-lsudoku");
            let out = foreign::output(&mut cmd, b"");
            assert!(
                out.status.success(),
                "{label} link {order:?}:\n{}",
                text(&out.stderr)
            );
            let run = run(&exe, &[], "");
            assert!(
                run.status.success(),
                "{label} {order:?}: {}{}",
                text(&run.stdout),
                text(&run.stderr)
            );
            assert_eq!(
                text(&run.stdout),
                "cpp mixed: 0 failed\n",
                "{label} {order:?}"
            );
        }
    };
    if foreign::is_foreign() {
        // The target's own C++ compiler (the cc crate's), as for the other C++ callers.
        let compiler = cc::Build::new()
            .cpp(true)
            .target(env!("SUDOKU_BUILD_TARGET"))
            .host(env!("SUDOKU_BUILD_HOST"))
            .opt_level(1)
            .cargo_metadata(false)
            .get_compiler();
        build("target", &|| compiler.to_command());
        return;
    }
    let compilers = cpp_compilers();
    if compilers.is_empty() {
        eprintln!("neither g++ nor clang++ found: skipped");
        return;
    }
    for compiler in compilers {
        build(compiler, &|| Command::new(compiler));
    }
}

/// The number of solutions of `board`, up to 2, by the library's own Rust API.
fn count2(board: &Board) -> usize {
    sudoku_core::count_solutions(board, 2)
        .expect("a clash-free board")
        .count
}

/// Checks, with the library's Rust API, that `line` is a proper, minimal puzzle that rates
/// `level`, and that it is the puzzle `sudoku_core::generate(seed, level)` makes.
fn check_generated(line: &str, seed: u64, level: Difficulty) {
    assert_eq!(line.len(), CELLS, "{line}");
    assert!(line
        .bytes()
        .all(|b| b == b'.' || b.is_ascii_digit() && b != b'0'));
    let puzzle = Board::from_text(line).unwrap();
    assert_eq!(puzzle, sudoku_core::generate(seed, level).0, "seed {seed}");
    assert_eq!(count2(&puzzle), 1, "{line} is not unique");
    assert_eq!(sudoku_core::rate(&puzzle), Ok(level), "{line}");
    for i in (0..CELLS).filter(|&i| puzzle.get(i) != 0) {
        let mut fewer = puzzle;
        fewer.set(i, 0);
        assert_eq!(count2(&fewer), 2, "{line} is not minimal at cell {i}");
    }
}

/// c_examples/generate.c, built once for all the tests that run it (tests run in parallel,
/// and a test must not run the program while another one is relinking it).
fn generate_program() -> PathBuf {
    static EXE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    EXE.get_or_init(|| {
        build(
            "generate",
            &[root().join("c_examples/generate.c")],
            false,
            "c99",
            Link::Shared,
        )
    })
    .clone()
}

#[test]
fn c_generate_program_prints_reproducible_proper_puzzles_of_each_level() {
    let exe = generate_program();
    for (level, names) in [
        (Difficulty::Easy, ["easy", "1", "EASY"]),
        (Difficulty::Medium, ["medium", "2", "Medium"]),
        (Difficulty::Hard, ["hard", "3", "HARD"]),
        (Difficulty::Expert, ["expert", "4", "eXpErT"]),
        (Difficulty::Master, ["master", "5", "Master"]),
        (Difficulty::Extreme, ["extreme", "6", "EXTREME"]),
    ] {
        let out = run(&exe, &["4", names[0], "42"], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stderr), "");
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{stdout}");
        for (i, line) in lines.iter().enumerate() {
            check_generated(line, 42 + i as u64, level);
        }
        let distinct: std::collections::HashSet<&&str> = lines.iter().collect();
        assert_eq!(distinct.len(), 4, "{stdout}");
        // The same arguments, the level by number or in another case: the same lines.
        for name in names {
            assert_eq!(text(&run(&exe, &["4", name, "42"], "").stdout), stdout);
        }
        // Fewer puzzles from the same seed: the first lines.
        let two = run(&exe, &["2", names[0], "42"], "");
        assert_eq!(text(&two.stdout), format!("{}\n{}\n", lines[0], lines[1]));
    }
    // Seeds wrap around at 2^64.
    let out = run(&exe, &["2", "medium", "18446744073709551615"], "");
    assert!(out.status.success());
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2);
    check_generated(&lines[0], u64::MAX, Difficulty::Medium);
    check_generated(&lines[1], 0, Difficulty::Medium);
    // N = 0 prints nothing.
    let out = run(&exe, &["0", "hard", "1"], "");
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn c_generate_program_without_a_seed_prints_the_one_it_took() {
    let exe = generate_program();
    let out = run(&exe, &["3", "easy"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    let seed = stderr
        .strip_prefix("seed ")
        .and_then(|s| s.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("no seed line: {stderr:?}"));
    let seed_value: u64 = seed.parse().expect("the seed is a number");
    let again = run(&exe, &["3", "easy", seed], "");
    assert_eq!(text(&again.stdout), text(&out.stdout));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        check_generated(line, seed_value.wrapping_add(i as u64), Difficulty::Easy);
    }
}

#[test]
fn c_generate_program_refuses_bad_usage() {
    let exe = generate_program();
    let cases: &[&[&str]] = &[
        &[],
        &["3"],
        &["x", "easy"],
        &["", "easy"],
        &["-1", "easy"],
        &["+3", "easy"],
        &["3", "7"],
        &["3", "0"],
        &["3", "insane"],
        &["3", "easyy"],
        &["3", ""],
        &["3", "easy", "-1"],
        &["3", "easy", ""],
        &["3", "easy", "1x"],
        &["3", "easy", "18446744073709551616"],
        &["3", "easy", "1", "extra"],
    ];
    for args in cases {
        let out = run(&exe, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        assert!(text(&out.stderr).contains("usage: "), "{args:?}");
    }
}

/// c_examples/unique.c, built once for all the tests that run it (tests run in parallel,
/// and a test must not run the program while another one is relinking it).
fn unique_program() -> PathBuf {
    static EXE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    EXE.get_or_init(|| {
        build(
            "unique",
            &[root().join("c_examples/unique.c")],
            false,
            "c99",
            Link::Shared,
        )
    })
    .clone()
}

#[test]
fn c_unique_program_tells_every_kind_of_line() {
    // tests/c/unique_lines.txt holds unique, multiple, unsolvable and every kind of bad
    // line (with CRLF, NUL, 0xFF, comments, empty lines and no final newline);
    // unique_lines.stdout is the summary. .ci/memcheck runs the same files.
    let exe = unique_program();
    let input = root().join("tests/c/unique_lines.txt");
    let input = input.to_str().expect("a UTF-8 path");
    let bytes = std::fs::read(input).unwrap();
    let expected = std::fs::read_to_string(root().join("tests/c/unique_lines.stdout")).unwrap();
    assert_eq!(expected, "unique 6, multiple 4, none 2, bad 10\n");
    for args in [
        vec![input],
        vec!["-j", "1", input],
        vec!["-j", "2", input],
        vec![input, "-j", "7"],
        vec!["-j", "1000", input],
    ] {
        let out = run(&exe, &args, "");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(text(&out.stdout), expected, "{args:?}");
        assert_eq!(
            text(&out.stderr),
            "",
            "{args:?}: progress only on a terminal or -p"
        );
    }
    // From standard input, absent or "-" (the file is not UTF-8: pipe its bytes as they are).
    for args in [vec![], vec!["-"], vec!["-j", "2", "-"]] {
        let mut cmd = foreign::command(&exe);
        cmd.args(&args).env("LD_LIBRARY_PATH", lib_dir());
        let out = foreign::output(&mut cmd, &bytes);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(text(&out.stdout), expected, "{args:?}");
    }
    // -p: progress lines on standard error even when it is no terminal, the last one the
    // totals of the whole input.
    let out = run(&exe, &["-p", input], "");
    assert_eq!(text(&out.stdout), expected);
    let stderr = text(&out.stderr);
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("progress: 32 lines read; unique 6, multiple 4, none 2, bad 10 so far ("),
        "{stderr}"
    );
}

/// What c_examples/unique.c must count, line by line, by the library's Rust API.
fn unique_summary(lines: &[Vec<u8>]) -> String {
    let mut n = [0usize; 4]; // unique, multiple, none, bad
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() || line[0] == b'#' {
            continue;
        }
        let kind = match <&[u8; CELLS]>::try_from(line) {
            Err(_) => 3,
            Ok(bytes) => match sudoku_core::count::count_bytes(bytes, 2) {
                Ok(c) => [2, 0, 1][c.count],
                Err(_) => 3,
            },
        };
        n[kind] += 1;
    }
    format!(
        "unique {}, multiple {}, none {}, bad {}\n",
        n[0], n[1], n[2], n[3]
    )
}

#[test]
fn c_unique_program_counts_a_file_of_many_blocks_on_every_thread_count() {
    // 40,000 lines: more than two of the program's blocks of 16,384 puzzles, in a mix that
    // changes along the file; the summary must be what the Rust API counts.
    let generated: Vec<String> = (0..8)
        .map(|s| {
            sudoku_core::generate(s, Difficulty::ALL[s as usize % 4])
                .0
                .to_string()
        })
        .collect();
    let mut kinds: Vec<Vec<u8>> = vec![
        EXAMPLE.into(),
        ANSWER.into(),
        ".".repeat(81).into(),
        format!("....{}", &EXAMPLE[4..]).into(),
        format!("12345678.{}9", ".".repeat(71)).into(),
        format!("55{}", &EXAMPLE[2..]).into(),
        format!("{}x", &EXAMPLE[..80]).into(),
        EXAMPLE[..80].into(),
        format!("{EXAMPLE}\r").into(),
        b"# a comment".to_vec(),
        Vec::new(),
    ];
    kinds.extend(generated.iter().map(|g| g.clone().into_bytes()));
    let lines: Vec<Vec<u8>> = (0..40_000usize)
        .map(|i| kinds[(i * 7 + i / 5000) % kinds.len()].clone())
        .collect();
    let expected = unique_summary(&lines);
    let path = out_dir().join("unique_many.txt");
    std::fs::write(&path, lines.join(&b'\n')).unwrap();
    let exe = unique_program();
    let path = path.to_str().expect("a UTF-8 path");
    for threads in ["1", "2", "3"] {
        let out = run(&exe, &["-j", threads, path], "");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), expected, "-j {threads}");
    }
    let out = run(&exe, &[path], "");
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn c_unique_program_refuses_bad_usage() {
    let exe = unique_program();
    let cases: &[&[&str]] = &[
        &["-j"],
        &["-j", "0"],
        &["-j", "x"],
        &["-j", "-2"],
        &["-j", "1025"],
        &["-j", ""],
        &["-q"],
        &["puzzles.txt", "puzzles.txt"],
        &["no/such/file"],
    ];
    for args in cases {
        let out = run(&exe, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        assert!(!text(&out.stderr).is_empty(), "{args:?}");
    }
}

/// Whether the Python tests can run: not on a foreign target, where the host's `python3`
/// cannot load the target's library (they are skipped there, with a note).
fn python_can_load_the_library() -> bool {
    if foreign::is_foreign() {
        eprintln!(
            "note: Python caller tests skipped: the library is built for {}, python3 runs on {}",
            env!("SUDOKU_BUILD_TARGET"),
            env!("SUDOKU_BUILD_HOST")
        );
        return false;
    }
    true
}

/// Runs python3 in c_examples/ with the checkout's package (python/src) importable and
/// loading this test run's library.
fn python(args: &[&str]) -> Output {
    Command::new("python3")
        .args(args)
        .current_dir(root().join("c_examples"))
        .env("SUDOKU_LIB", shared_lib())
        .env("PYTHONPATH", root().join("python").join("src"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs (it is a prerequisite of the test suite)")
}

#[test]
fn python_package_passes_its_tests_and_doctest() {
    if !python_can_load_the_library() {
        return;
    }
    // The package's tests are unittest cases, so they run without pytest here; CI also runs
    // them with pytest against a pip-installed package (.ci/install).
    let tests = root().join("python").join("tests");
    let tests = tests.to_str().expect("the checkout's path is UTF-8");
    let out = python(&["-m", "unittest", "discover", "-v", "-s", tests, "-t", tests]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{}{stderr}", text(&out.stdout));
    assert!(stderr.contains("OK"), "{stderr}");
    assert!(stderr.contains("test_doctests"), "{stderr}");
    assert!(
        stderr.contains("test_status_values_outside_c_int_are_unknown_not_success"),
        "{stderr}"
    );
}

#[test]
fn python_script_solves_the_bundled_puzzles() {
    if !python_can_load_the_library() {
        return;
    }
    let file = std::fs::read_to_string(root().join("c_examples/puzzles.txt")).unwrap();
    let expected = puzzles(&file);
    // The example script and the package's own command line, which it runs.
    for args in [
        &["sudoku.py", "puzzles.txt"][..],
        &["-m", "libsudoku", "puzzles.txt"],
    ] {
        let out = python(args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let solved: Vec<&str> = stdout.lines().collect();
        assert_eq!(solved.len(), expected.len(), "{args:?}");
        for (p, s) in expected.iter().zip(solved) {
            let p = Board::from_text(p).unwrap();
            assert!(Board::from_text(s).unwrap().is_solution_of(&p), "{args:?}");
        }
    }
}

/// The fenced code blocks in `language` of README.md, then of the guides whose examples
/// are programs (docs/toolkit.md).
fn readme_blocks(language: &str) -> Vec<String> {
    let mut text = String::new();
    for page in ["README.md", "docs/toolkit.md"] {
        text += &std::fs::read_to_string(root().join(page)).unwrap();
    }
    let fence = format!("```{language}");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
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
    // The first block of each language is the solving example: its output is known. The
    // others (the toolkit's snippets) check themselves and exit non-zero when wrong.
    let c_output = run(&out_dir().join("readme_c_0"), &[], "");
    assert_eq!(text(&c_output.stdout), format!("{ANSWER}\n"));
    if !python_can_load_the_library() {
        return;
    }
    for (k, code) in py.iter().enumerate() {
        let out = python(&["-c", code]);
        assert!(out.status.success(), "{code}\n{}", text(&out.stderr));
        if k == 0 {
            let stdout = text(&out.stdout);
            assert!(stdout.starts_with(ANSWER), "{stdout}");
            assert!(stdout.contains("-3 conflicting givens"), "{stdout}");
        }
    }
}

/// c_examples/hint.c prints each puzzle's walk: one line per hint, with the technique's
/// name and level, what it places, then the solved grid and the two levels, the same.
#[test]
fn c_hint_program_prints_the_walk_step_by_step() {
    let exe = build(
        "hint",
        &[root().join("c_examples/hint.c")],
        false,
        "c99",
        Link::Shared,
    );
    let puzzles = [
        sudoku_core::generate(5, Difficulty::Hard).0,
        sudoku_core::generate(5, Difficulty::Extreme).0,
    ];
    let input: String = puzzles
        .iter()
        .map(|p| format!("# a comment\n{p}\n\n"))
        .collect();
    let out = run(&exe, &[], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    for p in &puzzles {
        assert_eq!(lines.next(), Some(p.to_string().as_str()));
        let steps = sudoku_core::walk(p).unwrap();
        let mut hardest = Difficulty::Easy;
        for (n, s) in steps.iter().enumerate() {
            let line = lines.next().unwrap_or_default();
            let t = s.technique;
            let level = s.level().unwrap();
            hardest = hardest.max(level);
            let head = format!("{:3}. {} ({}):", n + 1, t.name(), level.name());
            assert!(line.starts_with(&head), "{line} should start with {head}");
            if let Some((cell, digit)) = s.placement {
                let placed = format!(" r{}c{}={digit}", cell / 9 + 1, cell % 9 + 1);
                assert!(line.contains(&placed), "{line}");
            }
            assert!(line.contains(" | pattern r"), "{line}");
        }
        let solved = sudoku_core::solve(p).unwrap().to_string();
        assert_eq!(lines.next(), Some(solved.as_str()));
        let levels = format!("hardest step: {0}; sudoku_rate: {0}", hardest.name());
        assert_eq!(lines.next(), Some(levels.as_str()));
        assert_eq!(lines.next(), Some(""));
    }
    assert_eq!(lines.next(), None);
    // One puzzle as an argument.
    let p = puzzles[0].to_string();
    let out = run(&exe, &[&p], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with(&format!("{p}\n  1. ")));
    // Bad usage, and a puzzle that cannot be walked.
    for args in [&["short"][..], &[p.as_str(), p.as_str()][..]] {
        let out = run(&exe, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let out = run(&exe, &[&".".repeat(81)], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("hint: "),
        "{}",
        text(&out.stderr)
    );
}

/// tests/c/cpp_hint.cpp: the C++ hint layer walks puzzles step by step and reports bad
/// input without changing anything.
#[test]
fn cpp_hint_layer_test_passes() {
    let source = root().join("tests/c/cpp_hint.cpp");
    let exe = build("cpp_hint", &[source], true, "c++11", Link::Shared);
    let out = run(&exe, &[], "");
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert_eq!(text(&out.stdout), "cpp hint: 0 failed\n");
}
