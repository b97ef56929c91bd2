//! The catalog read from real directories: defaults, set order, search-path
//! precedence and shadowing, unknown keys, paths, libraries.

use launcher::catalog::{Catalog, Origin, SearchPath, Severity};
use launcher_tests::GamesDir;
use std::path::PathBuf;

fn search(dirs: &[&GamesDir]) -> SearchPath {
    SearchPath::only(dirs.iter().map(|d| d.path()))
}

#[test]
fn defaults_come_from_the_directory_name() {
    let games = GamesDir::new();
    games.add_with_library("hello-game", "game = \"hello_game\"\n", "hello_game");
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    let game = catalog.find("hello-game").unwrap();
    assert_eq!(game.name, "Hello Game");
    assert_eq!(game.game_set, "Other Games");
    assert_eq!(
        game.icon, None,
        "no hello-game.png: the fallback icon is shown"
    );
    assert!(game.is_playable(), "{:?}", game.problems);
    assert!(game.problems.is_empty(), "{:?}", game.problems);
    assert_eq!(
        game.library.as_ref().unwrap().parent().unwrap(),
        games.path().join("hello-game")
    );
}

#[test]
fn sets_are_ordered_by_size_then_name_and_games_by_name() {
    let games = GamesDir::new();
    for (dir, set) in [
        ("b1", "Board Games"),
        ("c1", "Card Games"),
        ("c2", "Card Games"),
        ("a1", "Arcade"),
        ("p2", "Puzzle Games"),
        ("p1", "Puzzle Games"),
        ("p3", "Puzzle Games"),
    ] {
        games.add(
            dir,
            &format!(
                "game = \"x\"\nname = \"{}\"\ngame-set = \"{set}\"",
                dir.to_uppercase()
            ),
        );
    }
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    let sets: Vec<(String, Vec<String>)> = catalog
        .game_sets()
        .iter()
        .map(|s| {
            (
                s.name.to_string(),
                s.games.iter().map(|g| g.name.clone()).collect(),
            )
        })
        .collect();
    assert_eq!(
        sets,
        vec![
            (
                "Puzzle Games".into(),
                vec!["P1".into(), "P2".into(), "P3".into()]
            ),
            ("Card Games".into(), vec!["C1".into(), "C2".into()]),
            ("Arcade".into(), vec!["A1".into()]),
            ("Board Games".into(), vec!["B1".into()]),
        ]
    );
}

#[test]
fn finding_a_game_matches_name_set_or_directory_and_keeps_the_set_order() {
    let games = GamesDir::new();
    for (dir, name, set) in [
        ("chat-noir", "Chat Noir", "Puzzle Games"),
        ("same-game", "SameGame", "Puzzle Games"),
        ("lights-out", "Lights Out", "Logic Games"),
        ("mines", "Minesweeper", "Logic Games"),
        ("tetris", "Blocks", "Arcade"),
    ] {
        games.add(
            dir,
            &format!("game = \"x\"\nname = \"{name}\"\ngame-set = \"{set}\""),
        );
    }
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    let find = |query: &str| -> Vec<(String, Vec<String>)> {
        catalog
            .game_sets_matching(query)
            .iter()
            .map(|s| {
                (
                    s.name.to_string(),
                    s.games.iter().map(|g| g.name.clone()).collect(),
                )
            })
            .collect()
    };
    let all = find("");
    assert_eq!(all.len(), 3);
    assert_eq!(find("  "), all);
    // By name, ignoring case.
    assert_eq!(
        find("SAME"),
        vec![("Puzzle Games".into(), vec!["SameGame".into()])]
    );
    // Name or set; the sets keep the console's order (Logic Games first:
    // two games each, then by name).
    assert_eq!(
        find("o"),
        vec![
            (
                "Logic Games".into(),
                vec!["Lights Out".into(), "Minesweeper".into()]
            ),
            ("Puzzle Games".into(), vec!["Chat Noir".into()]),
            ("Arcade".into(), vec!["Blocks".into()]),
        ]
    );
    // By set: all of its games.
    assert_eq!(
        find("logic"),
        vec![(
            "Logic Games".into(),
            vec!["Lights Out".into(), "Minesweeper".into()]
        )]
    );
    // By directory name.
    assert_eq!(
        find("tetris"),
        vec![("Arcade".into(), vec!["Blocks".into()])]
    );
    assert!(find("zzz").is_empty());
}

#[test]
fn the_first_directory_on_the_path_wins_and_the_shadowed_one_is_named() {
    let first = GamesDir::new();
    let second = GamesDir::new();
    first.add("same", "game = \"one\"\nname = \"First\"");
    let hidden = second.add("same", "game = \"two\"\nname = \"Second\"");
    second.add("other", "game = \"three\"");
    let catalog = Catalog::scan(&search(&[&first, &second]), &[]);
    assert_eq!(catalog.games.len(), 2);
    let same = catalog.find("same").unwrap();
    assert_eq!(same.name, "First");
    assert_eq!(same.shadowed, vec![hidden.clone()]);
    let note = same
        .problems
        .iter()
        .find(|p| p.file == hidden)
        .expect("a shadowing note");
    assert_eq!(note.severity, Severity::Warning);
    assert!(note.message.contains("shadowed by"), "{note}");
}

#[test]
fn a_directory_listed_twice_is_not_a_shadowing() {
    let games = GamesDir::new();
    games.add("g", "game = \"g\"");
    let catalog = Catalog::scan(&search(&[&games, &games]), &[]);
    assert_eq!(catalog.games.len(), 1);
    assert!(catalog.games[0].shadowed.is_empty());
}

#[test]
fn the_environment_variable_and_command_line_extend_the_standard_path() {
    let env_dir = GamesDir::new();
    let cli_dir = GamesDir::new();
    let list = std::env::join_paths([env_dir.path()]).unwrap();
    // SAFETY: this test binary's only test that touches the environment.
    unsafe { std::env::set_var(launcher::catalog::GAMES_PATH_ENV, &list) };
    let path = SearchPath::standard(&[cli_dir.path().to_path_buf()]);
    let origins: Vec<Origin> = path.dirs.iter().map(|d| d.origin).collect();
    assert_eq!(origins.first(), Some(&Origin::WorkingDirectory));
    assert_eq!(path.dirs[0].path, PathBuf::from("games"));
    let env_at = path
        .dirs
        .iter()
        .position(|d| d.path == env_dir.path())
        .unwrap();
    let cli_at = path
        .dirs
        .iter()
        .position(|d| d.path == cli_dir.path())
        .unwrap();
    assert_eq!(path.dirs[env_at].origin, Origin::Environment);
    assert_eq!(path.dirs[cli_at].origin, Origin::CommandLine);
    assert!(env_at < cli_at, "environment before --games-dir");
    assert!(origins.contains(&Origin::UserData));
    assert!(origins.contains(&Origin::BesideExecutable));
}

#[test]
fn broken_manifests_are_entries_with_the_file_and_the_fix() {
    let games = GamesDir::new();
    games.add("syntax", "game = \"x\"\nname = Chat Noir\n");
    games.add("no-game", "name = \"No Game\"\n");
    games.add("escape", "game = \"x\"\nicon = \"../../etc/passwd\"\n");
    games.add("no-lib", "game = \"nowhere\"\n");
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    assert_eq!(catalog.games.len(), 4, "every broken game is still listed");
    for game in &catalog.games {
        assert!(!game.is_playable(), "{}", game.dir_name);
    }
    let error = |dir: &str| {
        catalog
            .find(dir)
            .unwrap()
            .first_error()
            .unwrap()
            .to_string()
    };
    assert!(
        error("syntax").contains("syntax/info.toml: line 2, column 8"),
        "{}",
        error("syntax")
    );
    assert!(
        error("no-game").contains("`game` is missing"),
        "{}",
        error("no-game")
    );
    assert!(
        error("escape").contains("leaves the game's directory"),
        "{}",
        error("escape")
    );
    let no_lib = error("no-lib");
    assert!(
        no_lib.contains(&launcher::catalog::library_file_name("nowhere")),
        "{no_lib}"
    );
    assert!(no_lib.contains("cargo build --release"), "{no_lib}");
}

#[test]
fn unknown_keys_and_missing_named_files_are_warnings() {
    let games = GamesDir::new();
    games.add_with_library(
        "hello",
        "game = \"hello_game\"\nflavour = \"vanilla\"\nicon = \"missing.png\"\nhelp = \"missing.txt\"\n",
        "hello_game",
    );
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    let game = catalog.find("hello").unwrap();
    assert!(game.is_playable());
    let messages: Vec<String> = game.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(
        messages.iter().all(|m| m.starts_with("warning:")),
        "{messages:?}"
    );
    assert!(
        messages[0].contains("unknown key `flavour`"),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("missing.png")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("missing.txt")),
        "{messages:?}"
    );
}

#[test]
fn libraries_are_found_beside_the_launcher_after_the_game_directory() {
    let games = GamesDir::new();
    games.add("hello", "game = \"hello_game\"");
    let libs = launcher_tests::libraries_dir().to_path_buf();
    let catalog = Catalog::scan(&search(&[&games]), std::slice::from_ref(&libs));
    let game = catalog.find("hello").unwrap();
    assert_eq!(
        game.library.as_ref().unwrap(),
        &libs.join(launcher_tests::libloading_name("hello_game"))
    );
}
