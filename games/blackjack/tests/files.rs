//! The files the launcher reads beside the library: the conformance kit
//! checks them as the launcher reads them (the_game_conforms); here, what
//! they say of this game, checked against it.

use blackjack::rules::{
    BET, DECKS, LAST_START, Move, RESHUFFLE_BELOW, Round, START_MONEY, Verdict,
};
use blackjack::save::{game_id, parse_game_id};
use game_test::files::flat;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_console_shows_blackjack_among_the_card_games() {
    game_test::files::assert_listed(DIR, "Blackjack", "Card Games");
}

#[test]
fn the_icon_shows_an_ace_of_spades_over_a_heart() {
    let icon = game_test::files::icon(DIR);
    // The spade's black in the front card, the heart's red in the corner
    // of the card behind, the cream face, transparent corners.
    let dark = |p: &[u8]| p[0] < 60 && p[1] < 60 && p[2] < 60 && p[3] == 255;
    icon.assert_at(21, 18, dark);
    icon.assert_at(6, 6, |p| p[0] > 150 && p[1] < 80);
    icon.assert_at(25, 9, |p| p.iter().all(|&v| v > 230));
    assert_eq!(icon.at(31, 0)[3], 0, "the top-right corner is transparent");
}

#[test]
fn the_help_has_its_sections() {
    let help = game_test::files::assert_titles(DIR, &["Blackjack", "Bets", "Controls"]);
    let bullets = help.bullets();
    // The specification's ten specifics, word for word, then the controls
    // (the last: no move can be undone).
    assert_eq!(bullets.len(), 16, "{bullets:#?}");
    assert_eq!(bullets[0], "1 player (not counting the dealer).");
    assert_eq!(
        bullets[1],
        "4 decks, reshuffled after 3/4 of the cards are used."
    );
    assert_eq!(bullets[2], "Dealer stands on soft 17s.");
    assert_eq!(
        bullets[3],
        "Splitting is allowed only on the first two cards, and only if they are equal. 10 and the face cards are all considered equal for splitting."
    );
    assert_eq!(
        bullets[4],
        "Doubling is allowed on all unsplit hands, not on split hands."
    );
    assert_eq!(bullets[5], "No blackjacks after splitting.");
    assert_eq!(bullets[6], "No surrender.");
    assert_eq!(bullets[7], "No insurance.");
    assert_eq!(bullets[8], "No maximum under-21 hand size.");
    assert_eq!(
        bullets[9],
        "Dealer's second card is not revealed if the player busts (or both halves of a split hand bust)."
    );
}

#[test]
fn the_helps_facts_are_the_games() {
    let (doc, manual) = (flat(DIR, "doc.txt"), flat(DIR, "manual.md"));
    // Four decks, reshuffled with a quarter left: 52 of 208.
    assert_eq!(DECKS, 4);
    assert_eq!((RESHUFFLE_BELOW, LAST_START), (52, 156));
    assert!(manual.contains("while at least 52 of its 208 cards are left"));
    // $2 bets, $100 to start, the payouts as the table says.
    assert_eq!((BET, START_MONEY), (2, 100));
    assert!(doc.contains("Each bet is $2") && doc.contains("You start with $100"));
    assert_eq!(Verdict::Blackjack.payout(false), 5);
    assert!(doc.contains("a blackjack pays 3 to 2 ($5 back)"));
    assert_eq!(Verdict::Win.payout(false), 4);
    assert!(doc.contains("A win pays even money (you get $4 back)"));
    assert_eq!(Verdict::Win.payout(true), 8);
    assert!(manual.contains("| You Win | $4 ($8 doubled) | $2 ($4 doubled) |"));
    assert_eq!(Verdict::Push.payout(true), 4);
    assert!(manual.contains("| $2 ($4 doubled) | nothing |"));
    // The buttons' titles are the original's.
    for v in [
        Verdict::Blackjack,
        Verdict::DealerBlackjack,
        Verdict::Win,
        Verdict::Lose,
        Verdict::Push,
        Verdict::Bust,
    ] {
        assert!(manual.contains(&format!("\"{}\"", v.title())), "{v:?}");
    }
    for m in [Move::Hit, Move::Stand, Move::Double, Move::Split] {
        assert!(manual.contains(&format!("**{}**", m.name())), "{m:?}");
    }
    // The game ID's example reads as it says.
    assert_eq!(parse_game_id("1234-36"), Ok((1234, 36)));
    assert_eq!(game_id(1234, 36), "1234-36");
    assert!(doc.contains("`1234-36`"));
    assert!(manual.contains("`1234-36` is the hand dealt after 36 cards of shoe 1234"));
    let r = Round::deal(1234, 36, 100);
    assert_eq!(r.discards().len(), 36);
}

#[test]
fn the_manual_has_its_sections() {
    game_test::files::assert_manual(
        DIR,
        "Blackjack",
        "rules bets playing keys screen-readers statistics game-id deviations",
    );
}

#[test]
fn the_manual_has_its_pictures() {
    let pictures = game_test::files::manual(DIR).image_paths();
    assert_eq!(pictures, ["manual/opening.png", "manual/split.png"]);
}

/// The rules every game keeps (its folder as the launcher reads it, its C
/// ABI under a seeded fuzz, save and load, game IDs, the key convention).
#[test]
fn the_game_conforms() {
    game_test::assert_conforms(DIR, &blackjack::GAME_TABLE);
}
