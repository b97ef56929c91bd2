//! Game IDs: format, length, and one clear error per malformed part.

use chat_noir::{Board, GameId, GameIdError, Pos, SizeError, State, World};

#[test]
fn empty_board_id() {
    let id = World::empty(11).unwrap().game_id().to_string();
    assert_eq!(id, "11:5,5:0");
    let parsed: GameId = id.parse().unwrap();
    assert_eq!(parsed.to_world(), World::empty(11).unwrap());
}

#[test]
fn ids_are_short_for_the_default_board() {
    // 119 cells → at most 24 base-32 characters, plus "11:5,5:" and ":lost".
    let all = World::new(
        Board::empty(11)
            .unwrap()
            .with_blocked((0..11).flat_map(|x| (0..11).map(move |y| Pos::new(x, y)))),
        Pos::new(5, 5),
    );
    // The cat's cell is blocked there, so that world is refused ...
    assert!(all.is_err());
    // ... but every other cell blocked still fits in 36 characters.
    let mut board = Board::empty(11).unwrap();
    for (p, _) in Board::empty(11).unwrap().cells() {
        if p != Pos::new(5, 5) {
            board.block(p);
        }
    }
    let w = World::new(board, Pos::new(5, 5))
        .unwrap()
        .with_state(State::CatLost);
    let text = w.game_id().to_string();
    assert!(text.len() <= 36, "{text}");
    assert!(text.ends_with(":lost"));
    for seed in 0..100 {
        assert!(World::new_default_game(seed).game_id().to_string().len() <= 31);
    }
}

#[test]
fn states_are_written_only_when_over() {
    let w = World::empty(3).unwrap();
    assert_eq!(w.game_id().to_string(), "3:1,1:0");
    let won = w.clone().with_state(State::CatWon);
    assert_eq!(won.game_id().to_string(), "3:1,1:0:won");
    assert_eq!(
        "3:1,1:0:WON".parse::<GameId>().unwrap().state(),
        State::CatWon
    );
    assert_eq!(
        "3:1,1:0:playing".parse::<GameId>().unwrap().state(),
        State::Playing
    );
}

#[test]
fn crockford_aliases_are_accepted() {
    // O reads as 0, I and L as 1.
    let a: GameId = " 5:2,2:0010 ".parse().unwrap();
    let b: GameId = "5:2,2:OOIO".parse().unwrap();
    let c: GameId = "5:2,2:ool".parse().unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
}

fn err(text: &str) -> GameIdError {
    text.parse::<GameId>().unwrap_err()
}

#[test]
fn each_malformed_part_gets_its_own_error() {
    assert_eq!(err("11:5,5"), GameIdError::Parts(2));
    assert_eq!(err("11:5,5:0:won:x"), GameIdError::Parts(5));
    assert_eq!(
        err("eleven:5,5:0"),
        GameIdError::SizeNotANumber("eleven".into())
    );
    assert_eq!(err("10:5,5:0"), GameIdError::Size(SizeError::Even(10)));
    assert_eq!(err("1:0,0:0"), GameIdError::Size(SizeError::TooSmall(1)));
    assert_eq!(
        err("2001:5,5:0"),
        GameIdError::Size(SizeError::TooLarge(2001))
    );
    assert_eq!(err("11:5;5:0"), GameIdError::CatMalformed("5;5".into()));
    assert_eq!(err("11:5,:0"), GameIdError::CatMalformed("5,".into()));
    assert_eq!(err("11:11,5:0"), GameIdError::CatOffBoard(Pos::new(11, 5)));
    assert_eq!(err("11:0,0:0"), GameIdError::CatOffBoard(Pos::new(0, 0)));
    assert_eq!(err("11:5,5:"), GameIdError::CellsEmpty);
    assert_eq!(
        err("11:5,5:00U"),
        GameIdError::CellsCharacter {
            index: 2,
            found: 'U'
        }
    );
    assert_eq!(
        err(&format!("11:5,5:{}", "0".repeat(25))),
        GameIdError::CellsTooLong { max: 24, found: 25 }
    );
    // 119 cells: the 24th character holds cells 115..=118 and one spare bit.
    assert_eq!(
        err(&format!("11:5,5:{}1", "0".repeat(23))),
        GameIdError::CellsPastEnd
    );
    assert!(
        format!("11:5,5:{}2", "0".repeat(23))
            .parse::<GameId>()
            .is_ok()
    );
    // 3×3: cells in order (0,1) (1,0) (1,1) ...; "4" = 00100 blocks (1,1).
    assert_eq!(
        err("3:1,1:4"),
        GameIdError::CatOnBlockedCell(Pos::new(1, 1))
    );
    assert_eq!(err("3:1,1:0:draw"), GameIdError::State("draw".into()));
}

#[test]
fn errors_name_the_part_in_their_message() {
    let cases = [
        ("11:5,5", "found 2 part"),
        ("x:5,5:0", "part 1 (size)"),
        ("4:1,1:0", "part 1 (size): board size 4 is even"),
        ("11:a,b:0", "part 2 (cat)"),
        ("11:5,5:!", "part 3 (cells)"),
        ("11:5,5:0:maybe", "part 4 (state)"),
    ];
    for (text, needle) in cases {
        let message = err(text).to_string();
        assert!(message.contains(needle), "{text}: {message}");
        assert!(message.starts_with("invalid game ID: "));
    }
    let e: Box<dyn std::error::Error> = Box::new(err("4:1,1:0"));
    assert!(e.source().is_some());
}

#[test]
fn bit_order_is_the_board_order() {
    // 3×3 cells in order: (0,1) (1,0) (1,1) (1,2) (2,0) (2,1) (2,2).
    let board = Board::empty(3)
        .unwrap()
        .with_blocked([Pos::new(0, 1), Pos::new(2, 2)]);
    let w = World::new(board, Pos::new(1, 1)).unwrap();
    // 1000001 + 000 padding → 10000 01000 → "G8".
    assert_eq!(w.game_id().to_string(), "3:1,1:G8");
}
