//! Plays Klondike through the real C ABI table, as the launcher does, and
//! checks what a player sees: the regions a screen reader reads, the
//! status line, the outcome. Moves are made with the pointer on those
//! regions (the kit's `patience::drive`), and with the keys.

use cards::patience::drive::Driver;
use cards::patience::solver::{Verdict, solve};
use cards::patience::{Move, Role};
use game_api::{Event, GameResult};
use klondike::Klondike;

fn start() -> Driver<Klondike> {
    Driver::start(&klondike::GAME_TABLE)
}

/// The first deal of drawing one the solver wins within the game's own
/// budget, and its moves (looked for once for all the tests).
fn winnable_deal() -> (u64, Vec<Move>) {
    static FOUND: std::sync::OnceLock<(u64, Vec<Move>)> = std::sync::OnceLock::new();
    FOUND
        .get_or_init(|| {
            let mut d = start();
            (1..=20)
                .find_map(|deal| {
                    d.game
                        .start_from_game_id(&format!("1,unlimited:{deal}"))
                        .unwrap();
                    match solve(&d.state(), cards::patience::solver::GAME_BUDGET).verdict {
                        Verdict::Winnable(path) => Some((deal, path)),
                        _ => None,
                    }
                })
                .expect("the solver wins one of twenty deals")
        })
        .clone()
}

#[test]
fn a_deal_is_won_with_drags_and_clicks_and_autoplay_sends_cards_home() {
    let (deal, path) = winnable_deal();
    let mut d = start();
    d.game
        .start_from_game_id(&format!("1,unlimited:{deal}"))
        .unwrap();
    assert_eq!(d.game.title().unwrap(), "Klondike");
    let opening = d.status();
    assert!(
        opening.starts_with("0 of 52 cards home, 24 in the stock, redeals unlimited, 0 moves."),
        "{opening}"
    );
    let labels = d.labels();
    assert_eq!(
        labels
            .iter()
            .filter(|l| l.starts_with("face down, card"))
            .count(),
        21
    );
    assert_eq!(
        labels
            .iter()
            .filter(|l| l.contains(", face up, top of column"))
            .count(),
        7
    );
    assert!(labels.contains(&"face down, top of stock, 24 cards".to_string()));
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
    assert!(autoplayed, "autoplay sent cards home on the way");
    let outcome = d.game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(path.len() as i64));
    assert!(!outcome.assisted);
    assert_eq!(
        d.status(),
        format!("All 52 cards are home in {} moves. You win!", path.len())
    );
    let kings = d
        .labels()
        .into_iter()
        .filter(|l| l.starts_with("king of") && l.ends_with("13 cards"))
        .count();
    assert_eq!(kings, 4);
}

#[test]
fn illegal_moves_are_refused_saying_why_and_change_nothing() {
    let mut d = start();
    d.game.start_from_game_id("1,unlimited:3").unwrap();
    let before = d.state();
    let columns: Vec<usize> = before.of(Role::Tableau).collect();
    let (from, to) = columns
        .iter()
        .flat_map(|&f| columns.iter().map(move |&t| (f, t)))
        .find(|&(f, t)| {
            f != t
                && !before.piles[f].cards.is_empty()
                && !before.piles[t].cards.is_empty()
                && before
                    .check(Move::Cards {
                        from: f,
                        count: 1,
                        to: t,
                    })
                    .is_err()
        })
        .expect("some top card fits nowhere");
    d.play(Move::Cards { from, count: 1, to });
    assert!(d.status().starts_with("Refused: the "), "{}", d.status());
    assert!(
        d.status().contains("build down in the other colour"),
        "{}",
        d.status()
    );
    assert_eq!(d.state(), before);
    // A face-down card cannot be picked up: the drag is not one.
    let hidden = d.card(columns[6], 0).center();
    let target = d.target(columns[0]).center();
    d.drag(hidden, target);
    assert_eq!(d.state(), before);
}

#[test]
fn a_table_with_face_down_cards_saves_and_loads_and_a_damaged_one_is_refused() {
    let mut d = start();
    d.game.start_from_game_id("3,2:8").unwrap();
    d.play(Move::Draw);
    let saved = d.game.save().unwrap();
    let text = String::from_utf8(saved.clone()).unwrap();
    assert!(
        text.starts_with("klondike 1\noptions 3,2\nseed 8\nmoves 1\n"),
        "{text}"
    );
    assert!(
        text.contains("\nstock 21 ") && text.contains("\ntableau 6 "),
        "{text}"
    );
    let labels = d.labels();
    let mut other = start();
    other.game.load(&saved).unwrap();
    assert_eq!(other.labels(), labels);
    assert_eq!(other.game.game_id().unwrap(), "3,2:8");
    // One card written twice in place of another: refused, naming it.
    let waste_top = text
        .lines()
        .find(|l| l.starts_with("waste"))
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap();
    let stock_first = text
        .lines()
        .find(|l| l.starts_with("stock"))
        .unwrap()
        .split(' ')
        .nth(2)
        .unwrap();
    let damaged = text.replacen(
        &format!("stock 21 {stock_first}"),
        &format!("stock 21 {waste_top}"),
        1,
    );
    let error = other.game.load(damaged.as_bytes()).unwrap_err().to_string();
    let (card, twice): (cards::Card, cards::Card) =
        (stock_first.parse().unwrap(), waste_top.parse().unwrap());
    assert!(
        error.contains(&format!("the {} is missing", card.name())),
        "{error}"
    );
    assert!(
        error.contains(&format!("the {} is there 2 times", twice.name())),
        "{error}"
    );
    assert_eq!(other.labels(), labels, "the table is as it was");
}

#[test]
fn draw_three_fans_three_cards_and_the_redeals_run_out() {
    let mut d = start();
    d.game.start_from_game_id("3,0:11").unwrap();
    d.play(Move::Draw);
    d.play(Move::Draw);
    let waste: Vec<String> = d
        .labels()
        .into_iter()
        .filter(|l| l.contains(" of waste"))
        .collect();
    assert_eq!(waste.len(), 3, "{waste:?}");
    assert!(waste[2].ends_with("top of waste, 6 cards"), "{waste:?}");
    let mut turns = 2;
    while d.state().can_draw() {
        d.play(Move::Draw);
        turns += 1;
    }
    assert_eq!(turns, 8, "24 cards three at a time");
    d.play(Move::Draw);
    assert!(
        d.status()
            .starts_with("Refused: the stock is empty and no redeal is left."),
        "{}",
        d.status()
    );
    assert!(d.status().contains("0 redeals left"), "{}", d.status());
}

#[test]
fn the_keys_turn_the_stock_and_a_double_click_sends_a_card_home() {
    let mut d = start();
    // A deal with an ace in the stock.
    let deal = (1..=20)
        .find(|deal| {
            d.game
                .start_from_game_id(&format!("1,unlimited:{deal}"))
                .unwrap();
            d.state().piles[0]
                .cards
                .iter()
                .any(|c| c.rank == cards::Rank::ACE)
        })
        .expect("an ace in one of twenty stocks");
    assert!(d.game.game_id().unwrap().ends_with(&format!(":{deal}")));
    // The cursor starts on the stock: Enter turns a card.
    d.send(Event::key("ArrowRight"));
    d.send(Event::key("ArrowLeft"));
    d.send(Event::key("Enter"));
    assert_eq!(d.state().piles[1].cards.len(), 1);
    let status = d.status();
    assert!(
        status.ends_with("(at face down, top of stock, 23 cards)"),
        "{status}"
    );
    let turned = d.state().piles[1].cards[0];
    d.send(Event::key("ArrowRight"));
    let status = d.status();
    assert!(
        status.ends_with(&format!("(at {}, face up, top of waste)", turned.name())),
        "{status}"
    );
    // Turn until the ace shows on the waste; a double click sends it home.
    for _ in 0..24 {
        if d.state().piles[1]
            .top()
            .is_some_and(|c| c.rank == cards::Rank::ACE)
        {
            break;
        }
        d.play(Move::Draw);
    }
    let ace = d.state().piles[1].top().unwrap();
    assert_eq!(ace.rank, cards::Rank::ACE);
    let top = d.state().piles[1].cards.len() - 1;
    let at = d.card(1, top).center();
    d.double_click(at);
    let state = d.state();
    let home: Vec<_> = state
        .of(Role::Foundation)
        .map(|f| state.piles[f].cards.first())
        .collect();
    assert!(home.contains(&Some(&ace)), "{:?}", d.labels());
    assert_eq!(
        state.moves as usize,
        top + 2,
        "the turns of the stock and the ace's move"
    );
}

#[test]
fn hint_and_winnable_answer_from_the_solver_and_count_as_help() {
    let (deal, path) = winnable_deal();
    let mut d = start();
    d.game
        .start_from_game_id(&format!("1,unlimited:{deal}"))
        .unwrap();
    d.game.invoke_action("winnable", "").unwrap();
    d.think();
    assert!(
        d.status().starts_with("This deal can be won from here"),
        "{}",
        d.status()
    );
    d.game.invoke_action("hint", "").unwrap();
    d.think();
    let hint = d.status();
    assert!(
        hint.starts_with("Hint: ") && hint.contains("this keeps a win"),
        "{hint}"
    );
    assert_eq!(d.saved().help, 2);
    assert!(!path.is_empty());
}

#[test]
fn game_ids_name_the_choices_and_the_deal() {
    let mut d = start();
    d.game.start_from_game_id("3,2:77").unwrap();
    assert_eq!(d.game.game_id().unwrap(), "3,2:77");
    assert_eq!(d.state().rules.draw, 3);
    assert_eq!(d.state().redeals_left(), Some(2));
    let error = d.game.start_from_game_id("4,2:77").unwrap_err().to_string();
    assert!(error.contains("\"4\" is not a Draw (1, 3)"), "{error}");
    d.game.start_from_game_id("12").unwrap();
    assert_eq!(
        d.game.game_id().unwrap(),
        "1,unlimited:12",
        "a bare number keeps the choices"
    );
}
