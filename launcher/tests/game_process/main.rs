//! Each game in a process of its own (issue 10): the real launcher binary
//! in its hidden `--game-host` mode runs fixture games for this test
//! process, which stands in for the console. A game plays through its
//! process as it does in the console's; each fault fixture ends (or hangs)
//! its own process only, and the report says what a player would read: the
//! cause, and what the game was doing.

#[path = "../support/mod.rs"]
mod support;

mod faults;
mod namespaces;
mod playing;
mod sandbox;
mod sandbox_report;

use game_api::{Event, Point};
use game_host::{GameProcess, HostCommand, Options, ProcessError};
use launcher_tests::library;
use std::time::Duration;

/// The launcher binary as a game process.
fn host() -> HostCommand {
    HostCommand::new(env!("CARGO_BIN_EXE_plt-games"), &["--game-host"])
}

/// Generous: liveness only, never a measurement. A busy test machine may
/// take seconds to start a process.
const PATIENCE: Duration = Duration::from_secs(30);

/// A started game process of the fixture library `base`.
fn start(base: &str, options: Options) -> GameProcess {
    let mut game = GameProcess::spawn(&host(), &library(base), options).expect("spawns");
    game.set_wait(PATIENCE);
    let started = game.wait_started();
    assert!(started.is_ok(), "{base} did not start: {started:?}");
    game
}

fn click_at(game: &GameProcess, x: f32, y: f32) -> Result<(), ProcessError> {
    game.handle_event(&Event::press(Point::new(x, y)))?;
    game.handle_event(&Event::release(Point::new(x, y)))?;
    Ok(())
}

/// The report of a process that must have ended.
fn ended(result: Result<impl std::fmt::Debug, ProcessError>) -> game_host::ExitReport {
    match result {
        Err(ProcessError::Exited(report)) => report,
        other => panic!("the process should have ended, but: {other:?}"),
    }
}
