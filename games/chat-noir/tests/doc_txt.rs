//! Chat Noir's `doc.txt`, as the launcher shows it: formatted by the
//! launcher's own §4 text-help formatter, it has the intended titles,
//! paragraphs and bullets, and it tells the player what the game does.

use launcher_help::text_help::{Block, format_text_help};
use std::path::PathBuf;

fn doc() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("doc.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn titles(blocks: &[Block]) -> Vec<&str> {
    blocks
        .iter()
        .filter_map(|b| match b {
            Block::Title(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

fn bullets(blocks: &[Block]) -> Vec<&str> {
    blocks
        .iter()
        .filter_map(|b| match b {
            Block::Bullet(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_source_follows_the_text_help_format() {
    let doc = doc();
    let lines: Vec<&str> = doc.lines().collect();
    assert_eq!(lines[0], "Chat Noir");
    assert_eq!(lines[1], "=".repeat(lines[0].chars().count()));
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        // Every rule of `=` underlines a title of exactly its length.
        if !line.is_empty() && line.chars().all(|c| c == '=') {
            assert!(
                i > 0 && lines[i - 1].chars().count() == line.chars().count(),
                "line {n}: a `=` rule as long as the line above"
            );
            assert!(
                i < 2 || lines[i - 2].is_empty(),
                "line {n}: a blank line before each title"
            );
        }
        assert!(
            !(line.starts_with("**") && line.ends_with("**")),
            "line {n} would be dropped"
        );
        assert!(!line.ends_with(' '), "line {n} has trailing white space");
        assert!(!line.contains('\t'), "line {n} has a tab");
        assert!(
            line.chars().count() <= 76,
            "line {n} is long for verbatim mode"
        );
    }
    assert!(doc.ends_with('\n') && !doc.ends_with("\n\n"));
}

#[test]
fn the_launcher_formats_it_as_intended() {
    let help = format_text_help(&doc());
    let blocks = &help.blocks;
    assert_eq!(blocks[0], Block::Title("Chat Noir".into()));
    assert_eq!(titles(blocks), ["Chat Noir", "Controls", "Tips", "About"]);
    // The rules come first, flowed into one paragraph.
    let Block::Paragraph(rules) = &blocks[1] else {
        panic!("the rules paragraph follows the title: {blocks:#?}");
    };
    assert!(
        rules.starts_with("The goal of Chat Noir is to stop the cat from escaping the board. Each turn you click on a circle,"),
        "{rules}"
    );
    assert!(rules.ends_with("If the cat does reach the edge, you lose."));
    let bullets = bullets(blocks);
    assert_eq!(bullets.len(), 16, "{bullets:#?}");
    assert!(
        bullets
            .iter()
            .any(|b| b.starts_with("Hint (or ?) rings in green a circle to block")),
        "{bullets:#?}"
    );
    // No block holds a line break, a rule of `=` or a stray bullet mark.
    for block in blocks {
        let text = block.text();
        assert!(!text.contains('\n') && !text.contains("=="), "{block:?}");
        assert!(!text.starts_with('*'), "{block:?}");
    }
}

#[test]
fn it_explains_every_control() {
    let help = format_text_help(&doc());
    let bullets = bullets(&help.blocks);
    let about = |start: &str| {
        bullets
            .iter()
            .find(|b| b.starts_with(start))
            .unwrap_or_else(|| panic!("no bullet starts with {start:?}: {bullets:#?}"))
    };
    assert!(about("Click a light blue circle").contains("does nothing"));
    // `h` toggles the help (the later upstream behaviour, not the 2009
    // text's "hold down").
    let h = about("H turns the help on and off");
    assert!(h.contains("shortest paths") && h.contains("under the pointer"));
    assert!(about("N starts a new game").contains("game is over"));
    about("The New game button");
    let size = about("The Size choice");
    assert!(
        size.contains("5 by 5") && size.contains("21 by 21"),
        "{size}"
    );
    assert!(size.contains("11 by 11"), "{size}");
    let id = about("The Game ID field");
    assert!(id.contains("share") && id.contains("Enter"), "{id}");
    let undo = about("Undo and Redo");
    assert!(undo.contains("Restart") && undo.contains("where you left it"));
    assert!(about("Hint (or ?)").contains("Solve (or S)"));
    let training = about("Training is for learning");
    assert!(
        training.contains("ringed in red") && training.contains("Stop training"),
        "{training}"
    );
    assert!(size.contains("7 by 7"), "{size}");
}

#[test]
fn its_example_game_id_is_a_real_one() {
    let doc = doc();
    let text = format_text_help(&doc).to_string();
    let id = text
        .split_whitespace()
        .find(|w| w.starts_with("11:5,5:"))
        .expect("an example game ID");
    let id: chat_noir::GameId = id.parse().expect("the example parses");
    let world = id.to_world();
    assert_eq!(world.size(), chat_noir::DEFAULT_SIZE);
    assert_eq!(world.cat(), chat_noir::Pos::new(5, 5));
    assert_eq!(world.board().blocked_count(), chat_noir::INITIAL_BLOCKED);
    assert_eq!(world.state(), chat_noir::State::Playing);
}
