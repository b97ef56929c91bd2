//! Plays FreeCell through the real C ABI table, as the launcher does, and
//! checks what a player sees: the regions a screen reader reads, the
//! status line, the outcome. Moves are made with the pointer on those
//! regions (the kit's `patience::drive`).

use cards::card::read_cards;
use cards::patience::drive::Driver;
use cards::patience::solver::{Verdict, solve};
use cards::patience::{Move, Role};
use freecell::FreeCell;
use game_api::GameResult;

fn start() -> Driver<FreeCell> {
    Driver::start(&freecell::GAME_TABLE)
}

fn columns(d: &mut Driver<FreeCell>) -> Vec<Vec<cards::Card>> {
    let state = d.state();
    state
        .of(Role::Tableau)
        .map(|c| state.piles[c].cards.clone())
        .collect()
}

#[test]
fn deal_one_is_microsofts_deal_one() {
    let mut d = start();
    d.game.start_from_game_id("1").unwrap();
    assert_eq!(d.game.game_id().unwrap(), "1");
    let columns = columns(&mut d);
    // Microsoft's deal 1, column by column.
    assert_eq!(columns[0], read_cards("JD KD 2S 4C 3S 6D 6S").unwrap());
    assert_eq!(columns[1], read_cards("2D KC KS 5C TD 8S 9C").unwrap());
    assert_eq!(columns[7], read_cards("5H 3H 3C 7S 7D TC").unwrap());
    let labels = d.labels();
    assert_eq!(
        labels.iter().filter(|l| l.contains(", face up, ")).count(),
        52
    );
    assert!(labels.contains(&"free cell 1, empty".to_string()));
    assert!(labels.contains(&"six of spades, face up, top of column 1".to_string()));
    // A new game's seed picks one of the million deals.
    d.game.new_game(41).unwrap();
    assert_eq!(d.game.game_id().unwrap(), "42");
    d.game.new_game(999_999).unwrap();
    assert_eq!(d.game.game_id().unwrap(), "1000000");
}

#[test]
fn deal_one_is_won_with_drags_and_autoplay_sends_cards_home() {
    let mut d = start();
    d.game.start_from_game_id("1").unwrap();
    let Verdict::Winnable(path) = solve(&d.state(), 100_000).verdict else {
        panic!("deal 1 is won");
    };
    assert_eq!(d.status(), "0 of 52 cards home, 0 moves.");
    let mut expected = d.state();
    let mut autoplayed = false;
    for (i, &mv) in path.iter().enumerate() {
        d.play(mv);
        expected.play(mv).unwrap();
        let sent = expected.autoplay().len();
        assert_eq!(d.state(), expected, "move {i}: {mv:?}");
        if sent > 0 && !expected.won() {
            autoplayed = true;
            assert!(d.status().contains("sent home."), "{}", d.status());
        }
        d.settle(3);
    }
    assert!(autoplayed);
    let outcome = d.game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(path.len() as i64));
    assert_eq!(
        d.status(),
        format!("All 52 cards are home in {} moves. You win!", path.len())
    );
}

#[test]
fn illegal_moves_are_refused_saying_why_and_change_nothing() {
    let mut d = start();
    d.game.start_from_game_id("1").unwrap();
    let before = d.state();
    // The six of spades (column 1) does not go on the nine of clubs.
    d.play(Move::Cards {
        from: 8,
        count: 1,
        to: 9,
    });
    assert!(
        d.status().starts_with("Refused: the six of spades does not go on the nine of clubs: build down in the other colour."),
        "{}",
        d.status()
    );
    assert_eq!(d.state(), before);
    // Into a free cell, then another card onto it: one card only.
    d.play(Move::Cards {
        from: 8,
        count: 1,
        to: 0,
    });
    d.play(Move::Cards {
        from: 9,
        count: 1,
        to: 0,
    });
    assert!(
        d.status()
            .starts_with("Refused: a free cell holds one card."),
        "{}",
        d.status()
    );
    assert_eq!(d.state().moves, 1);
}

#[test]
fn a_card_goes_home_on_a_double_click_and_the_table_saves_and_loads() {
    let mut d = start();
    d.game.start_from_game_id("1").unwrap();
    // Deal 1's column 3 ends in the two of hearts; the ace of hearts lies
    // under the seven of spades and the three of hearts in column 7.
    let mut saved = d.saved();
    let g = &mut saved.game;
    let col = |i: usize| 8 + i;
    let ace = g.piles[col(6)].cards.remove(2);
    assert_eq!(ace, "AH".parse().unwrap());
    g.piles[0].cards.push(ace);
    let text = cards::patience::save::write("freecell", &saved);
    d.game.load(text.as_bytes()).unwrap();
    assert!(
        d.labels()
            .contains(&"ace of hearts, face up, top of free cell 1".to_string())
    );
    let at = d.card(0, 0).center();
    d.double_click(at);
    // The ace goes home; autoplay sends the two of hearts after it.
    let state = d.state();
    assert_eq!(state.piles[4].cards, read_cards("AH 2H").unwrap());
    assert!(
        d.status().starts_with("1 card sent home."),
        "{}",
        d.status()
    );
    // The table saves and loads in another game as it is.
    let bytes = d.game.save().unwrap();
    let mut other = start();
    other.game.load(&bytes).unwrap();
    assert_eq!(other.labels(), d.labels());
    assert_eq!(other.game.game_id().unwrap(), "1");
    // A card lost from the save: refused, naming it.
    let lost = String::from_utf8(bytes).unwrap().replacen(" 6S\n", "\n", 1);
    let error = other.game.load(lost.as_bytes()).unwrap_err().to_string();
    assert!(error.contains("the six of spades is missing"), "{error}");
}

#[test]
fn game_ids_are_deal_numbers() {
    let mut d = start();
    d.game.start_from_game_id(" 11982 ").unwrap();
    assert_eq!(d.game.game_id().unwrap(), "11982");
    let error = d.game.start_from_game_id("deal 5").unwrap_err().to_string();
    assert!(error.contains("\"deal 5\" is not a deal number"), "{error}");
    let error = d.game.start_from_game_id("3:5").unwrap_err().to_string();
    assert!(error.contains("should name 0 choices"), "{error}");
}

#[test]
fn hint_names_a_move_that_keeps_the_win() {
    let mut d = start();
    d.game.start_from_game_id("1").unwrap();
    d.game.invoke_action("hint", "").unwrap();
    d.think();
    let hint = d.status();
    assert!(
        hint.starts_with("Hint: move the ") && hint.contains("; this keeps a win."),
        "{hint}"
    );
    d.game.invoke_action("winnable", "").unwrap();
    d.think();
    assert!(
        d.status()
            .starts_with("This deal can be won from here: a win of "),
        "{}",
        d.status()
    );
    assert_eq!(d.saved().help, 2);
    let lit = d.labels();
    assert!(!lit.is_empty());
}
