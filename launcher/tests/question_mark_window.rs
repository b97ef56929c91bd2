//! Issue 40: `?` gave Spider no hint in a real window. X delivers Shift and
//! `/` (and xdotool's `key question`) with Shift let go before the key, so
//! the key goes down as `?` and comes up as `/`; egui then kept `?` down for
//! good and called every later `?` a repeat, which no game is sent: the
//! first `?` gave a hint, no later one did. The `hint-count` fixture's
//! title counts its hints, so the window's title shows each `?` that
//! reached the game's Hint control.

mod support;

use std::time::Duration;
use support::{wait_for, window_named};

#[test]
fn every_question_mark_typed_in_a_real_window_asks_for_a_hint() {
    let (_games, x, mut launcher) = support::play_fixture("hint_count", "Hint Count", &[]);
    let window = window_named(&x, &mut launcher, "Hints 0");
    x.run("xdotool", &["windowfocus", "--sync", &window]);
    for hints in 1..=3 {
        // As a player types it: Shift down, `/` down, Shift up, `/` up.
        x.run("xdotool", &["key", "question"]);
        let title = format!("^Hints {hints}$");
        let what = format!("the title \"Hints {hints}\" after ? number {hints}");
        wait_for(&what, Duration::from_secs(60), || {
            launcher.assert_running(&what);
            x.run("xdotool", &["search", "--name", &title])
                .lines()
                .next()
                .map(|_| ())
        });
    }
    launcher.stop();
}
