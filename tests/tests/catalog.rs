//! The catalog read from real directories: defaults, set order, search-path
//! precedence and shadowing, unknown keys, paths, libraries.

use launcher::catalog::{Catalog, Origin, Places, SearchPath, Severity, xdg_data_dirs};
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
    assert!(origins.contains(&Origin::Installed));
}

#[test]
fn installed_games_and_the_system_data_directories_take_their_places_in_order() {
    let places = Places {
        executable_dir: Some(PathBuf::from("/opt/pg/bin")),
        user_data_dir: Some(PathBuf::from("/home/me/.local/share")),
        system_data_dirs: vec![
            PathBuf::from("/usr/local/share"),
            PathBuf::from("/usr/share"),
        ],
        games_path: Some(std::env::join_paths(["/env/games"]).unwrap()),
    };
    let path = SearchPath::from_places(&places, &[PathBuf::from("/cli/games")]);
    let got: Vec<(Origin, &str)> = path
        .dirs
        .iter()
        .map(|d| (d.origin, d.path.to_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            (Origin::WorkingDirectory, "games"),
            (Origin::BesideExecutable, "/opt/pg/bin/games"),
            (Origin::Installed, "/opt/pg/lib/game-launcher/games"),
            (
                Origin::UserData,
                "/home/me/.local/share/game-launcher/games"
            ),
            (Origin::SystemData, "/usr/local/share/game-launcher/games"),
            (Origin::SystemData, "/usr/share/game-launcher/games"),
            (Origin::Environment, "/env/games"),
            (Origin::CommandLine, "/cli/games"),
        ]
    );
}

#[test]
fn xdg_data_dirs_default_to_usr_local_share_and_usr_share_and_skip_relative_entries() {
    let dirs = |value: Option<&str>| xdg_data_dirs(value.map(std::ffi::OsStr::new));
    let default = [
        PathBuf::from("/usr/local/share"),
        PathBuf::from("/usr/share"),
    ];
    assert_eq!(dirs(None), default, "unset");
    assert_eq!(dirs(Some("")), default, "empty counts as unset");
    assert_eq!(
        dirs(Some("/a:relative/b::/c")),
        [PathBuf::from("/a"), PathBuf::from("/c")],
        "relative and empty entries are invalid and ignored"
    );
}

/// `<root>/<games>/<dir_name>` with Hello Game's manifest and library.
fn hello_game_in(games: &std::path::Path, dir_name: &str) {
    let dir = games.join(dir_name);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("info.toml"), "game = \"hello_game\"\n").unwrap();
    std::fs::copy(
        launcher_tests::library("hello_game"),
        dir.join(launcher_tests::libloading_name("hello_game")),
    )
    .unwrap();
}

#[test]
fn an_installed_launcher_finds_its_games_in_its_prefix_before_the_users_and_the_systems() {
    let root = tempfile::tempdir().unwrap();
    let prefix = root.path().join("prefix");
    let user = root.path().join("user-data");
    let system = root.path().join("system-data");
    std::fs::create_dir_all(prefix.join("bin")).unwrap();
    let installed = prefix.join("lib/game-launcher/games");
    hello_game_in(&installed, "shipped");
    hello_game_in(&user.join("game-launcher/games"), "mine");
    hello_game_in(&user.join("game-launcher/games"), "both");
    hello_game_in(&system.join("game-launcher/games"), "both");
    hello_game_in(&system.join("game-launcher/games"), "shipped");
    hello_game_in(&system.join("game-launcher/games"), "everyones");
    let places = Places {
        executable_dir: Some(prefix.join("bin")),
        user_data_dir: Some(user.clone()),
        system_data_dirs: vec![system.clone(), root.path().join("no-such-dir")],
        games_path: None,
    };
    // From the temporary root, so that no `./games` is found.
    let search = SearchPath::from_places(&places, &[]);
    let search = SearchPath {
        dirs: search
            .dirs
            .into_iter()
            .filter(|d| d.origin != Origin::WorkingDirectory)
            .collect(),
    };
    let catalog = Catalog::scan(&search, &[]);
    let dir_of = |name: &str| catalog.find(name).unwrap().dir.clone();
    assert_eq!(dir_of("shipped"), installed.join("shipped"));
    assert_eq!(dir_of("mine"), user.join("game-launcher/games/mine"));
    assert_eq!(
        dir_of("both"),
        user.join("game-launcher/games/both"),
        "the user's games before the system's"
    );
    assert_eq!(
        dir_of("everyones"),
        system.join("game-launcher/games/everyones")
    );
    assert_eq!(
        catalog.find("shipped").unwrap().shadowed,
        [system.join("game-launcher/games/shipped")]
    );
    for game in &catalog.games {
        assert!(game.is_playable(), "{}: {:?}", game.dir_name, game.problems);
    }
    assert!(
        catalog.problems.is_empty(),
        "standard places that do not exist are skipped silently: {:?}",
        catalog.problems
    );
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

/// A library that is not where the launcher looks says what the author
/// most likely did, from the files a build left: Cargo's output still in
/// `target/release`, only an rlib built, a `-` in `game` that Cargo wrote
/// as `_`, another library's name; else "build it".
#[test]
fn a_missing_library_says_which_slip_of_the_build_it_looks_like() {
    use launcher::catalog::library_file_name;
    let games = GamesDir::new();
    let put = |dir: &PathBuf, file: &str| {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, b"not loaded: only looked at").unwrap();
    };
    let in_target = games.add("in-target", "game = \"in_target\"\n");
    put(
        &in_target,
        &format!("target/release/{}", library_file_name("in_target")),
    );
    let rlib = games.add("rlib-only", "game = \"rlib_only\"\n");
    put(&rlib, "target/release/librlib_only.rlib");
    let dashed = games.add("dashed", "game = \"my-game\"\n");
    put(&dashed, &library_file_name("my_game"));
    let renamed = games.add("renamed", "game = \"wrong\"\n");
    put(&renamed, &library_file_name("right"));
    games.add("unbuilt", "game = \"unbuilt\"\n");
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    let error = |dir: &str| {
        let game = catalog.find(dir).unwrap();
        assert!(!game.is_playable(), "{dir}");
        game.first_error().unwrap().to_string()
    };
    let message = error("in-target");
    let target = in_target.join("target").join("release");
    assert!(
        message.contains(&format!("Cargo left it in {}", target.display()))
            && message.contains(&format!("`--library-dir {}`", target.display())),
        "{message}"
    );
    let message = error("rlib-only");
    assert!(
        message.contains("librlib_only.rlib, a Rust library the launcher cannot load")
            && message.contains("add `crate-type = [\"cdylib\"]` under `[lib]`"),
        "{message}"
    );
    let message = error("dashed");
    assert!(
        message.contains("write `game = \"my_game\"` in info.toml"),
        "{message}"
    );
    let message = error("renamed");
    assert!(
        message.contains(&format!("holds {}", library_file_name("right")))
            && message.contains("`game = \"right\"`"),
        "{message}"
    );
    let message = error("unbuilt");
    assert!(
        message
            .contains("build it (`cargo build --release`) and copy it into the game's directory"),
        "{message}"
    );
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

/// A game's files are read only from inside its folder (issue 26): a
/// `doc.txt`, manual, icon or `info.toml` that is a link out of it — to the
/// player's private key, say — is refused with the reason, and never read;
/// a link that stays inside the folder is fine.
#[cfg(unix)]
#[test]
fn a_game_file_that_links_out_of_its_folder_is_refused() {
    use std::os::unix::fs::symlink;
    let home = tempfile::tempdir().unwrap();
    let secret = home.path().join("id_rsa");
    std::fs::write(&secret, "-----BEGIN OPENSSH PRIVATE KEY-----\n").unwrap();
    let games = GamesDir::new();
    let dir = games.add_with_library(
        "sneaky",
        "game = \"hello_game\"\nhelp = \"doc.txt\"\nmanual = \"manual.md\"\nicon = \"sneaky.png\"\n",
        "hello_game",
    );
    for name in ["doc.txt", "manual.md", "sneaky.png"] {
        symlink(&secret, dir.join(name)).unwrap();
    }
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    let game = catalog.find("sneaky").unwrap();
    assert_eq!(
        (&game.help, &game.manual, &game.icon),
        (&None, &None, &None)
    );
    for name in ["doc.txt", "manual.md", "sneaky.png"] {
        let problem = game
            .problems
            .iter()
            .find(|p| p.file == dir.join(name))
            .unwrap_or_else(|| panic!("no problem for {name}: {:?}", game.problems));
        assert!(
            problem.message.contains("leads out of") && problem.message.contains("through a link"),
            "{name}: {}",
            problem.message
        );
    }
    assert!(game.is_playable(), "the game itself still plays");

    // A manifest that links out is not read either.
    let other = games.add("sneakier", "game = \"hello_game\"\n");
    std::fs::remove_file(other.join("info.toml")).unwrap();
    std::fs::write(home.path().join("info.toml"), "game = \"hello_game\"\n").unwrap();
    symlink(home.path().join("info.toml"), other.join("info.toml")).unwrap();
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    let problems: Vec<String> = catalog
        .find("sneakier")
        .map(|g| g.problems.iter().map(|p| p.message.clone()).collect())
        .unwrap_or_default();
    assert!(
        problems.iter().any(|m| m.contains("leads out of")),
        "{problems:?}"
    );

    // Inside the folder, a link is only a link.
    let fine = games.add_with_library("linked", "game = \"hello_game\"\n", "hello_game");
    std::fs::write(fine.join("real-doc.txt"), "How to play\n===========\n").unwrap();
    symlink(fine.join("real-doc.txt"), fine.join("doc.txt")).unwrap();
    let catalog = Catalog::scan(&search(&[&games]), &[]);
    assert_eq!(
        catalog.find("linked").unwrap().help,
        Some(fine.join("doc.txt"))
    );
}
