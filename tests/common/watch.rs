//! Running a test's child program with a watch for emulator hangs: included with `#[path]`
//! by tests/common/foreign.rs and by the CLI's tests.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long one program started by a test that runs under the emulator may take before it
/// is taken for hung: many times the slowest seen (tests/c/no_memory.c, 5 s under qemu
/// alone on a 2-core machine of CI's kind, 11 s with three at once beside a CI run).
const EMULATED_LIMIT: Duration = Duration::from_secs(300);

/// Runs `cmd` with `stdin` on its standard input and returns its status and output, like
/// [`Command::output`].
///
/// When `emulated` (the program runs under an emulator, such as a foreign target's
/// runner), the run is watched: one that has not finished after [`EMULATED_LIMIT`] is
/// killed, reported on the test process's standard error with the state of each of its
/// threads, and run once more; a second such run fails the test. Why: one CI run hung in
/// tests/callers.rs under qemu user mode until CI's 90-minute limit, running a program
/// (tests/c/no_memory.c) that takes seconds there and that ran hundreds of times under
/// qemu, and natively in every CI run, without a hang; the emulator, which turns each
/// child's start in these multi-threaded test binaries into a fork of itself, is the
/// suspect. Native runs are not watched: a hang there stays a hang.
pub(crate) fn output(cmd: &mut Command, stdin: &[u8], emulated: bool) -> Output {
    watched(cmd, stdin, Stdout::Read, emulated)
}

/// [`output`] for a program whose standard output is closed as soon as it starts, so that
/// its writes fail (a reader that went away, as `head` does): the `Output`'s `stdout` is
/// empty. Watched the same way.
#[allow(dead_code, reason = "only the CLI's tests close a program's output")]
pub(crate) fn output_with_stdout_closed(cmd: &mut Command, stdin: &[u8], emulated: bool) -> Output {
    watched(cmd, stdin, Stdout::Closed, emulated)
}

/// What becomes of the program's standard output.
#[derive(Debug, Clone, Copy)]
enum Stdout {
    /// Read to its end and returned.
    Read,
    /// Closed at once.
    Closed,
}

/// [`output`] with `stdout`'s handling.
fn watched(cmd: &mut Command, stdin: &[u8], stdout: Stdout, emulated: bool) -> Output {
    if !emulated {
        return run_watched(cmd, stdin, stdout, None).expect("a run without a limit finishes");
    }
    output_within(cmd, stdin, stdout, EMULATED_LIMIT, tell)
}

/// [`watched`] under an emulator, with `limit` for each of the two runs, the first hang
/// told to `report`.
fn output_within(
    cmd: &mut Command,
    stdin: &[u8],
    stdout: Stdout,
    limit: Duration,
    report: impl FnOnce(&str),
) -> Output {
    match run_watched(cmd, stdin, stdout, Some(limit)) {
        Ok(out) => out,
        Err(hang) => {
            report(&format!(
                "{hang}\nrunning it once more (see tests/common/watch.rs)"
            ));
            run_watched(cmd, stdin, stdout, Some(limit))
                .unwrap_or_else(|hang| panic!("{hang}\nand again on the second run"))
        }
    }
}

/// Writes `text` to the test process's standard error itself: the test harness captures
/// only `eprintln!`, so the CI log shows it even when the test passes.
fn tell(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// Runs `cmd` once, feeding `stdin` and collecting its outputs on their own threads (so
/// that no pipe can fill up; standard output only when `out_pipe` says it is read), and
/// waits at most `limit`: `Err` with a report of the run's state when the limit passed and
/// it was killed.
fn run_watched(
    cmd: &mut Command,
    stdin: &[u8],
    out_pipe: Stdout,
    limit: Option<Duration>,
) -> Result<Output, String> {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{cmd:?} does not start: {e}"));
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut stdout = match out_pipe {
        Stdout::Read => Some(stdout),
        Stdout::Closed => {
            drop(stdout);
            None
        }
    };
    let mut stderr = child.stderr.take().expect("stderr is piped");
    std::thread::scope(|scope| {
        scope.spawn(move || {
            // A program that exits without reading its input closes the pipe: not an error.
            let _ = input.write_all(stdin);
        });
        let out = scope.spawn(move || {
            let mut bytes = Vec::new();
            if let Some(stdout) = stdout.as_mut() {
                let _ = stdout.read_to_end(&mut bytes);
            }
            bytes
        });
        let err = scope.spawn(move || {
            let mut bytes = Vec::new();
            let _ = stderr.read_to_end(&mut bytes);
            bytes
        });
        let (status, hung) = match limit {
            None => (child.wait().expect("the program can be waited for"), None),
            Some(limit) => {
                let start = Instant::now();
                loop {
                    if let Some(status) = child.try_wait().expect("the program can be waited for") {
                        break (status, None);
                    }
                    if start.elapsed() >= limit {
                        let report = format!(
                            "{cmd:?} has not finished after {} s under the emulator; its threads:\n{}",
                            limit.as_secs(),
                            threads_of(child.id())
                        );
                        let _ = child.kill();
                        break (
                            child.wait().expect("the killed program can be waited for"),
                            Some(report),
                        );
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
        };
        let stdout = out.join().expect("the stdout reader does not panic");
        let stderr = err.join().expect("the stderr reader does not panic");
        match hung {
            None => Ok(Output {
                status,
                stdout,
                stderr,
            }),
            Some(report) => Err(format!(
                "{report}\nits output so far:\n{}{}",
                String::from_utf8_lossy(&stdout),
                String::from_utf8_lossy(&stderr)
            )),
        }
    })
}

/// The command line of process `pid` and, for each of its threads, its state and the
/// kernel function it waits in (Linux's /proc; empty elsewhere). A process that hung
/// before it could execute its program still shows the parent's command line.
fn threads_of(pid: u32) -> String {
    let proc = Path::new("/proc").join(pid.to_string());
    let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
    let mut report = format!(
        "command line: {}\n",
        read(&proc.join("cmdline")).replace('\0', " ")
    );
    let Ok(tasks) = std::fs::read_dir(proc.join("task")) else {
        return report;
    };
    for task in tasks.flatten() {
        let path = task.path();
        let stat = read(&path.join("stat"));
        // The state is the first field after the parenthesised command name.
        let state = stat
            .rsplit_once(") ")
            .and_then(|(_, rest)| rest.get(..1))
            .unwrap_or("?");
        report += &format!(
            "  thread {}: state {state}, waiting in {}\n",
            task.file_name().to_string_lossy(),
            read(&path.join("wchan"))
        );
    }
    report
}

#[cfg(unix)]
#[test]
fn a_watched_run_that_hangs_is_killed_reported_and_run_once_more() {
    // The first run hangs (it leaves a mark and sleeps), the second finishes at once.
    let mark = std::env::temp_dir().join(format!("sudoku-watch-{}", std::process::id()));
    let _ = std::fs::remove_file(&mark);
    let script = r#"if [ -e "$1" ]; then cat; else : > "$1"; exec sleep 30; fi"#;
    let mut cmd = Command::new("sh");
    cmd.args(["-c", script, "sh"]).arg(&mark);
    let start = Instant::now();
    let mut told = Vec::new();
    let out = output_within(
        &mut cmd,
        b"fed",
        Stdout::Read,
        Duration::from_secs(3),
        |t| told.push(t.to_owned()),
    );
    let _ = std::fs::remove_file(&mark);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(out.stdout, b"fed");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "the hung run was not killed"
    );
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].contains("has not finished after 3 s") && told[0].contains("waiting in"),
        "{told:?}"
    );
    // A run that always hangs fails, with the report.
    let mut cmd = Command::new("sleep");
    cmd.arg("30");
    let always = move || {
        output_within(
            &mut cmd,
            b"",
            Stdout::Read,
            Duration::from_millis(200),
            |_| {},
        )
    };
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(always));
    let message = failed.expect_err("a second hang fails the test");
    let text = message
        .downcast_ref::<String>()
        .expect("a formatted message");
    assert!(
        text.contains("has not finished after") && text.contains("thread"),
        "{text}"
    );
}
