//! The game host of the workspace tests: exactly `plt-games --game-host`
//! (the launcher's own game-process loop), built with the tests so that
//! the console in egui_kittest runs each game in a process of its own, as
//! the real console does.

fn main() -> std::process::ExitCode {
    launcher::game_process::serve()
}
