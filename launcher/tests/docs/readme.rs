//! The README's game list is the games directory.

use super::{number, read};
use launcher_tests::workspace_root;

/// README.md's list of the games, as the README groups them: its bullets
/// `- **Card Games**: Aces, Blackjack, ...;` under "It comes with
/// twenty-two games:", each a game set and the names in it (a description
/// in parentheses left out), and the number of games it says it has.
fn readme_game_list(readme: &str) -> (u64, std::collections::BTreeMap<String, Vec<String>>) {
    let (before, after) = readme
        .split_once(" games:\n")
        .expect("README.md introduces its game list with \"... games:\"");
    let count_words = before
        .rsplit_once("with")
        .map(|(_, words)| words.replace('\n', " "))
        .unwrap_or_default();
    let count = number(count_words.trim())
        .unwrap_or_else(|| panic!("README.md: not a number of games: {count_words:?}"));
    let list = after.trim_start().split("\n\n").next().unwrap_or_default();
    let mut sets = std::collections::BTreeMap::new();
    for item in list.split("\n- ").map(|item| item.trim_start_matches("- ")) {
        let item = item.replace('\n', " ");
        let (set, names) = item
            .strip_prefix("**")
            .and_then(|rest| rest.split_once("**:"))
            .unwrap_or_else(|| panic!("README.md: not a `- **Game Set**: names` item: {item}"));
        // Leave out "(block the cat before it escapes the board)".
        let mut plain = String::new();
        let mut depth = 0;
        for c in names.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        let names: Vec<String> = plain
            .trim()
            .trim_end_matches([';', '.'])
            .split(',')
            .map(|name| name.trim().trim_start_matches("and ").trim().to_owned())
            .filter(|name| !name.is_empty())
            .collect();
        assert!(
            sets.insert(set.to_owned(), names).is_none(),
            "README.md names the set {set} twice"
        );
    }
    (count, sets)
}

/// README.md's game list is the games directory: every directory under
/// `games/` with an `info.toml` is named by its `name`, in its game set
/// (the launcher's own reading of the manifest, so a game with no
/// `game-set` is in Other Games), the README names no game that is not
/// there, and the number it says is the number of games.
#[test]
fn the_readmes_game_list_is_the_games_directory() {
    let mut games = std::collections::BTreeMap::<String, Vec<String>>::new();
    for entry in std::fs::read_dir(workspace_root().join("games")).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.join("info.toml").is_file() {
            continue; // the cards kit: a library, not a game
        }
        let dir_name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let manifest = launcher::manifest::read(&dir, &dir_name)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join("info.toml").display()));
        games
            .entry(manifest.game_set)
            .or_default()
            .push(manifest.name);
    }
    let (count, mut listed) = readme_game_list(&read("README.md"));
    for names in games.values_mut().chain(listed.values_mut()) {
        names.sort();
    }
    let total: usize = games.values().map(Vec::len).sum();
    assert!(total >= 20, "only {total} games under games/: {games:?}");
    let mut wrong = Vec::new();
    for (set, names) in &games {
        for name in names {
            match listed.iter().find(|(_, listed)| listed.contains(name)) {
                Some((listed_set, _)) if listed_set == set => {}
                Some((listed_set, _)) => wrong.push(format!(
                    "README.md lists {name} in {listed_set}; its info.toml puts it in {set}"
                )),
                None => wrong.push(format!("README.md does not name {name} ({set})")),
            }
        }
    }
    for (set, names) in &listed {
        for name in names {
            if !games.values().any(|names| names.contains(name)) {
                wrong.push(format!(
                    "README.md names {name} in {set}, but no game under games/ is called so"
                ));
            }
        }
    }
    if count != total as u64 {
        wrong.push(format!(
            "README.md says it comes with {count} games; games/ has {total}"
        ));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
