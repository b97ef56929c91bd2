//! What the launcher's midend builds on: saves (undo, redo, restart,
//! resume), game IDs, and outcomes for the statistics.

use game_api::{Event, Game, GameResult, NewGame, Outcomes, SaveLoad};
use gobblet::Gobblet;
use gobblet::ai::Level;
use gobblet::game::Player;
use gobblet::rules::{Color, Variant};

fn game(red: Player, yellow: Player) -> Gobblet {
    let mut g = Gobblet::with_variant(Variant::Small);
    g.set_player(Color::Red, red);
    g.set_player(Color::Yellow, yellow);
    g
}

#[test]
fn a_save_keeps_the_rewound_moves_and_loads_back() {
    let mut g = game(Player::Person, Player::Person);
    g.start_from_game_id("3: Lb2 Ma1 b2>c3").unwrap();
    g.handle_event(&Event::key("Comma"));
    let bytes = g.save();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert_eq!(
        text,
        format!("Gobblet save 1\nmoves 3: Lb2 Ma1 b2>c3\nat 2\nseed 0\nhelped 0\nend\n")
    );
    let mut h = game(Player::Person, Player::Person);
    h.load(&bytes).unwrap();
    assert_eq!(h.game_id(), "3: Lb2 Ma1");
    assert_eq!(h.rewound().len(), 1);
    h.handle_event(&Event::key("Period"));
    assert_eq!(h.game_id(), "3: Lb2 Ma1 b2>c3");
}

#[test]
fn damaged_saves_are_refused_and_change_nothing() {
    let mut g = game(Player::Person, Player::Person);
    g.start_from_game_id("3: Lb2").unwrap();
    let before = g.save();
    for (bytes, says) in [
        (&b"Dog save 1\nend\n"[..], "not a saved game of Gobblet"),
        (b"Gobblet save 9\nend\n", "newer version"),
        (b"Gobblet save 1\nmoves 3: Lb2\nat 1\n", "cut short"),
        (
            b"Gobblet save 1\nmoves 3: Lb2\nat 2\nseed 0\nhelped 0\nend\n",
            "further on",
        ),
        (
            b"Gobblet save 1\nmoves 3: Lb2\nat x\nseed 0\nhelped 0\nend\n",
            "not a number",
        ),
        (
            b"Gobblet save 1\nmoves 3: Lb2 Lb2\nat 1\nseed 0\nhelped 0\nend\n",
            "move 2 (Lb2)",
        ),
    ] {
        let err = g.load(bytes).unwrap_err();
        assert!(err.0.contains(says), "{err:?} should say {says}");
        assert_eq!(g.save(), before);
    }
}

#[test]
fn new_games_from_seeds_start_empty_on_the_chosen_board() {
    let mut g = game(Player::Person, Player::Person);
    g.invoke_action("size", "4x4").unwrap();
    g.new_game(99);
    assert_eq!(g.game_id(), "4:");
    assert_eq!(g.title(), "Gobblet 4x4");
    assert!(g.status().starts_with("Move 1. Red to move: drag a piece"));
    assert!(g.invoke_action("size", "5x5").is_err());
    assert!(g.invoke_action("red", "Genius").is_err());
}

#[test]
fn the_person_against_the_computer_wins_or_loses() {
    // Red a person, yellow the computer.
    let mut g = game(Player::Person, Player::Computer(Level::Ok));
    // Red's line a1-b1-c1.
    g.start_from_game_id("3: Ma1 Ma3 Mb1 Mb3 Lc1").unwrap();
    let outcome = g.outcome();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(5), "the moves, fewer being better");
    assert!(!outcome.assisted);
    assert!(
        g.status()
            .starts_with("Red wins after 5 moves: Red made a line.")
    );
    // Red lifts a piece and uncovers yellow's line: yellow wins.
    g.start_from_game_id("3: Ma1 Sc3 Mb1 Ma3 Lc3 Mb3 c3>c1")
        .unwrap();
    assert_eq!(g.outcome().result, GameResult::Lost);
    assert!(
        g.status()
            .starts_with("Yellow (Ok) wins after 7 moves: Red's move uncovered Yellow's line."),
        "{}",
        g.status()
    );
    // Still playing.
    g.start_from_game_id("3: Ma1").unwrap();
    assert_eq!(g.outcome().result, GameResult::Playing);
}

#[test]
fn a_move_the_computer_played_for_a_person_is_help() {
    let mut g = game(Player::Person, Player::Person);
    g.new_game(1);
    assert!(g.computer_move());
    assert!(g.is_thinking());
    assert!(
        g.status().starts_with("Move 1. Red is thinking"),
        "{}",
        g.status()
    );
    // The count of help is saved, so an undo or a resume keeps it.
    let text = String::from_utf8(g.save()).unwrap();
    assert!(text.contains("\nhelped 1\n"), "{text}");
    for _ in 0..10_000_000u64 {
        g.handle_event(&Event::Tick { dt: 0.5 });
        if !g.is_thinking() {
            break;
        }
        std::thread::yield_now();
    }
    assert_eq!(g.played().len(), 1);
    // A game helped is marked as such when it ends.
    let won = "Gobblet save 1\nmoves 3: Ma1 Ma3 Mb1 Mb3 Lc1\nat 5\nseed 1\nhelped 1\nend\n";
    g.load(won.as_bytes()).unwrap();
    assert!(g.outcome().assisted);
    // A game started from an ID is a new game: no help yet.
    g.start_from_game_id("3: Ma1 Ma3 Mb1 Mb3 Lc1").unwrap();
    assert!(!g.outcome().assisted);
}
