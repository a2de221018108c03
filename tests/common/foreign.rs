//! Running programs built for the target when it is not the host (a cross build whose
//! tests run under an emulator such as qemu user mode): through the runner cargo was given
//! for the target, `CARGO_TARGET_<TRIPLE>_RUNNER`. Included with `#[path]` by the tests
//! that start programs.

use std::path::Path;
use std::process::{Command, Output};

#[path = "watch.rs"]
mod watch;

/// The target the tests were built for, and the host that built them.
const TARGET: &str = env!("SUDOKU_BUILD_TARGET");
const HOST: &str = env!("SUDOKU_BUILD_HOST");

/// Whether the tests were built for a target other than the host.
pub(crate) fn is_foreign() -> bool {
    TARGET != HOST
}

/// A command that runs `exe`, a program built for the target: through the target's
/// runner when the target is foreign and a runner is set, directly otherwise.
pub(crate) fn command(exe: &Path) -> Command {
    if is_foreign() {
        let triple = TARGET.to_uppercase().replace('-', "_");
        if let Ok(runner) = std::env::var(format!("CARGO_TARGET_{triple}_RUNNER")) {
            let mut words = runner.split_whitespace();
            if let Some(program) = words.next() {
                let mut cmd = Command::new(program);
                cmd.args(words).arg(exe);
                return cmd;
            }
        }
    }
    Command::new(exe)
}

/// Runs `cmd` with `stdin` on its standard input and returns its status and output, like
/// [`Command::output`], watched for a hang when the target is foreign ([`watch::output`]).
pub(crate) fn output(cmd: &mut Command, stdin: &[u8]) -> Output {
    watch::output(cmd, stdin, is_foreign())
}
