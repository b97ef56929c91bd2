//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use lights_out::{Board, Cell};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

fn read(name: &str) -> String {
    game_test::files::read(DIR, name)
}

#[test]
fn the_console_shows_lights_out_among_the_puzzle_games() {
    game_test::files::assert_listed(DIR, "Lights Out", "Puzzle Games");
    assert_eq!(game_test::files::manifest(DIR).records_by, ["Size"]);
}

#[test]
fn the_icon_shows_lights() {
    let icon = game_test::files::icon(DIR);
    assert!(icon.has(lights_out::game::LIT) && icon.has(lights_out::game::UNLIT));
}

/// Chasing the lights down: under each lit light, press the next row's.
fn chase(board: &mut Board) {
    for row in 1..5 {
        for col in 0..5 {
            if board.is_lit(Cell::new(row - 1, col)) {
                board.press(Cell::new(row, col));
            }
        }
    }
}

#[test]
fn the_helps_strategy_table_is_right() {
    let doc = read("doc.txt");
    let rows: Vec<(&str, Vec<usize>)> = doc
        .lines()
        .filter_map(|l| l.trim().strip_prefix("* "))
        .filter_map(|l| l.split_once(" at the bottom: press top light"))
        .map(|(pattern, presses)| {
            // Between backticks: shown in a monospaced font.
            let pattern = pattern
                .strip_prefix('`')
                .and_then(|p| p.strip_suffix('`'))
                .unwrap_or_else(|| panic!("{pattern} is not in backticks"));
            let numbers = presses
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            (pattern, numbers)
        })
        .collect();
    // Every bottom row that chasing can leave is in the table.
    assert_eq!(rows.len(), 7);
    for (pattern, presses) in rows {
        let mut board = Board::OFF;
        for (col, c) in pattern.chars().enumerate() {
            board.set(Cell::new(4, col), c == '#');
        }
        for light in &presses {
            board.press(Cell::new(0, light - 1));
        }
        chase(&mut board);
        assert!(board.is_solved(), "{pattern} → {presses:?} leaves\n{board}");
    }
    // And chasing any solvable board leaves one of those seven rows (or none).
    for seed in 0..500 {
        let mut board = Board::random_solvable(seed);
        chase(&mut board);
        let bottom: String = (0..5)
            .map(|col| {
                if board.is_lit(Cell::new(4, col)) {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        assert!(
            bottom == "....." || doc.contains(&format!("* `{bottom}` at the bottom")),
            "{bottom}"
        );
    }
}

#[test]
fn the_launcher_formats_the_help_as_intended() {
    use launcher_help::text_help::Block;
    let help = game_test::files::help(DIR);
    let of_kind = |title: bool| -> Vec<&str> {
        help.blocks
            .iter()
            .filter_map(|b| match (b, title) {
                (Block::Title(t), true) | (Block::Bullet(t), false) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(of_kind(true), ["Lights Out", "Controls", "A strategy"]);
    assert_eq!(help.blocks[0], Block::Title("Lights Out".into()));
    let bullets = of_kind(false);
    assert_eq!(bullets.len(), 16, "{bullets:#?}");
    game_test::files::assert_bullet(&help, "The Size choice deals a new puzzle");
    game_test::files::assert_bullet(&help, "The Hint button (or the ? key)");
    assert!(bullets[0].starts_with("Click a light"));
    game_test::files::assert_bullet(&help, "N, or the New game button");
    let id = bullets
        .iter()
        .find(|b| b.starts_with("The Game ID field"))
        .expect("the game ID is explained");
    // Its example rows are the game's own form.
    assert!(id.contains("`#`") && id.contains("`/`"), "{id}");
    game_test::files::assert_bullet(&help, "Undo and Redo");
    // Paragraphs are flowed, and no `=` rule is shown.
    let first = help.blocks[1].text();
    assert!(
        first.starts_with(
            "The object of this game is to turn all of the lights off. Click on a light"
        ),
        "{first}"
    );
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &lights_out::GAME_TABLE);
}
