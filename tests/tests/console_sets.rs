//! The console's game sets at its own default size (issue 40): with
//! "Recently played" and "Favourites" shown, every set's heading and every
//! game's button stays inside the window, and a game's button stays where
//! it was when the recent games change (a click on its old place opens
//! it, not another game). The games are the collection's names in its
//! sets (each on a small test library), so the widths are the real ones.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use launcher::LauncherApp;
use launcher::console::{FAVOURITES_GROUP, RECENT_GROUP};
use launcher::player::PlayerFiles;
use launcher_tests::{BundledGame, GamesDir, Settle, bundled_games};
use std::path::Path;
use support::{click_at, open_dirs};

mod support;

/// The console's size once fitted to the collection (the size players
/// reported: its sets in one row).
const DEFAULT_SIZE: [f32; 2] = [696.0, 414.0];

/// The collection's games by name and set, each with its help and on the
/// `hello_game` test library (its console button is what is measured, not
/// the game).
fn collection_names() -> (GamesDir, Vec<BundledGame>) {
    let games = GamesDir::new();
    let bundled = bundled_games();
    for game in &bundled {
        let dir = games.add_with_library(
            &game.dir_name,
            &format!(
                "game = \"hello_game\"\nname = \"{}\"\ngame-set = \"{}\"\n",
                game.name, game.game_set
            ),
            "hello_game",
        );
        // Each game of the collection has its help, and so a "?" button.
        std::fs::write(
            dir.join("doc.txt"),
            format!("{}\n\nHow to play.\n", game.name),
        )
        .unwrap();
    }
    (games, bundled)
}

/// A player who played `recent` (the first most recently) and marked
/// `favourites`.
fn player_with(dir: &Path, recent: &[&str], favourites: &[&str]) {
    let now = launcher::player::now();
    let mut text = String::new();
    for (i, game) in recent.iter().enumerate() {
        text += &format!(
            "[games.{game}]\ntimes-played = 1\nlast-played = {}\nfavourite = {}\n",
            now - 60 * (i as u64 + 1),
            favourites.contains(game)
        );
    }
    for game in favourites.iter().filter(|g| !recent.contains(g)) {
        text += &format!("[games.{game}]\nfavourite = true\n");
    }
    std::fs::write(dir.join("plays.toml"), text).unwrap();
}

fn console_at(games: &GamesDir, player: &Path, size: [f32; 2]) -> Harness<'static, LauncherApp> {
    let mut config = launcher_tests::console_config([games.path()]);
    config.player = Some(PlayerFiles::in_dir(player));
    let mut harness = Harness::builder()
        .with_max_steps(launcher_tests::KITTEST_STEPS)
        .with_size(size)
        .build_ui_state(
            |ui, app: &mut LauncherApp| app.frame(ui),
            LauncherApp::new(config),
        );
    harness.settle();
    harness
}

const EIGHT_PLAYED: [&str; 8] = [
    "gobblet",
    "minesweeper",
    "paint-by-numbers",
    "klondike",
    "pousse",
    "chat-noir",
    "spider",
    "same",
];
const FAVOURITES: [&str; 3] = ["chat-noir", "freecell", "gcalc"];

#[test]
fn at_the_default_size_every_set_and_game_is_in_the_window() {
    let (games, bundled) = collection_names();
    let player = tempfile::tempdir().unwrap();
    player_with(player.path(), &EIGHT_PLAYED, &FAVOURITES);
    let mut harness = console_at(&games, player.path(), DEFAULT_SIZE);
    harness.get_by_label(RECENT_GROUP);
    harness.get_by_label(FAVOURITES_GROUP);
    harness.snapshot("console_default_size_recent_and_favourites");
    let window = harness.ctx.content_rect();
    let mut sets: Vec<&str> = bundled.iter().map(|g| g.game_set.as_str()).collect();
    sets.sort();
    sets.dedup();
    // Every set in sight as the console opens, none below another's
    // bottom or past the right edge.
    for set in sets {
        let heading = harness.get_by_label(set).rect();
        assert!(
            window.contains_rect(heading),
            "{set}'s heading {heading:?} is outside the window {window:?}"
        );
    }
    // Every game's buttons (in its set, and in the player's groups) within
    // the window's width, and in the window once scrolled to: a long set
    // goes on downwards, never sideways behind a scroll bar.
    // Every game's buttons drawn (in its set, and in the player's groups)
    // are within the window's width: a long set goes on downwards, never
    // sideways behind a scroll bar.
    for button in harness.query_all_by_role(Role::Button) {
        let rect = button.rect();
        assert!(
            window.x_range().contains(rect.left()) && window.x_range().contains(rect.right()),
            "{:?} at {rect:?} is past the side of the window {window:?}",
            button.accesskit_node().label()
        );
    }
    // And each is in the window when the keyboard reaches it (the console
    // scrolls down to it).
    let mut reached = std::collections::BTreeSet::new();
    for _ in 0..40 {
        harness.key_press(egui::Key::ArrowDown);
        harness.settle();
        let Some(focused) = harness
            .query_all_by_role(Role::Button)
            .find(|node| node.is_focused())
        else {
            continue;
        };
        let (label, rect) = (focused.accesskit_node().label().unwrap(), focused.rect());
        assert!(
            window.contains_rect(rect),
            "{label} at {rect:?} is outside the window {window:?}, reached"
        );
        reached.insert(label.trim_end_matches(", favourite").to_owned());
    }
    let names: std::collections::BTreeSet<String> =
        bundled.iter().map(|g| g.name.clone()).collect();
    assert_eq!(reached, names, "every game is reached");
}

/// Whether a button's `label` is `game`'s (starred or not).
fn is_game_button(label: Option<String>, game: &str) -> bool {
    label.is_some_and(|l| l == game || l == format!("{game}, favourite"))
}

/// Where `game`'s buttons are, in the console's order.
fn game_buttons(harness: &Harness<'_, LauncherApp>, game: &str) -> Vec<egui::Rect> {
    harness
        .query_all_by_role(Role::Button)
        .filter(|b| is_game_button(b.accesskit_node().label(), game))
        .map(|b| b.rect())
        .collect()
}

/// Where each game's button in its set is (beside its "?" button), for
/// the games whose row is drawn.
fn set_buttons(
    harness: &Harness<'_, LauncherApp>,
    bundled: &[BundledGame],
) -> Vec<(String, egui::Rect)> {
    bundled
        .iter()
        .filter_map(|g| {
            // The set's row is the last (the player's groups come first).
            let help = harness
                .query_all_by_label(&format!("Help for {}", g.name))
                .last()?
                .rect();
            let rect = game_buttons(harness, &g.name)
                .into_iter()
                .rfind(|r| help.y_range().contains(r.center().y))?;
            Some((g.name.clone(), rect))
        })
        .collect()
}

/// Opening a game changes the recent games (from none to one, and among
/// six): every set's button stays where it was, and a click on Gobblet's
/// place opens Gobblet.
#[test]
fn the_sets_stay_in_place_when_the_recent_games_change() {
    let (games, bundled) = collection_names();
    for played in [&[][..], &EIGHT_PLAYED[..]] {
        let player = tempfile::tempdir().unwrap();
        player_with(player.path(), played, &FAVOURITES);
        let mut harness = console_at(&games, player.path(), DEFAULT_SIZE);
        let before = set_buttons(&harness, &bundled);
        assert!(before.len() >= 15, "{before:?}");
        harness
            .query_all_by_role_and_label(Role::Button, "Aces")
            .last()
            .unwrap()
            .click();
        harness.settle();
        assert_eq!(open_dirs(&harness), ["aces"]);
        assert_eq!(harness.state().plays().recent()[0], "aces");
        assert_eq!(
            set_buttons(&harness, &bundled),
            before,
            "after {} recent games",
            played.len()
        );
        let gobblet = before.iter().find(|(n, _)| n == "Gobblet").unwrap().1;
        click_at(&mut harness, gobblet.center());
        assert_eq!(open_dirs(&harness), ["aces", "gobblet"]);
        // A new favourite is a tile more in the strip: the sets stay too.
        harness
            .query_all_by_role_and_label(Role::Button, "Jewel")
            .last()
            .unwrap()
            .click_secondary();
        harness.settle();
        harness.get_by_label("Add to favourites").click();
        harness.settle();
        assert!(harness.state().plays().is_favourite("jewel"));
        let after = set_buttons(&harness, &bundled);
        assert_eq!(after, before, "after a new favourite");
    }
}
