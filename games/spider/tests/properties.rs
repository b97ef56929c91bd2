//! Property tests of Spider's rules: deals use each card exactly once,
//! only legal sequences move (and cards are never made or lost), a row is
//! dealt only when no column is empty, and a finished suit always leaves
//! the tableau.

use cards::Rank;
use proptest::prelude::*;
use spider::rules::{COLUMNS, Move, Spider, Suits, follows};

fn suits() -> impl Strategy<Value = Suits> {
    prop_oneof![Just(Suits::One), Just(Suits::Two), Just(Suits::Four)]
}

/// A game reached from `seed`'s deal by the legal moves `picks` choose.
fn reached(suits: Suits, seed: u64, picks: &[usize]) -> Spider {
    let mut game = Spider::deal(suits, seed);
    for &pick in picks {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[pick % moves.len()]).unwrap();
    }
    game
}

/// What the rules promise of every position.
fn assert_sound(game: &Spider) -> Result<(), TestCaseError> {
    prop_assert_eq!(game.all_cards(), game.suits.cards());
    for c in &game.columns {
        if c.cards.is_empty() {
            prop_assert_eq!(c.down, 0);
        } else {
            prop_assert!(c.down < c.cards.len(), "the top card is face up");
        }
        // No finished suit stays on a column.
        let n = c.cards.len();
        let finished = n >= 13 && c.run_start() <= n - 13 && c.cards[n - 13].rank == Rank::KING;
        prop_assert!(!finished, "{:?}", c.cards);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_deal_uses_each_card_exactly_once(suits in suits(), seed: u64) {
        let game = Spider::deal(suits, seed);
        prop_assert_eq!(game.all_cards(), suits.cards());
        prop_assert_eq!(game.stock.len(), 50);
        let down: usize = game.columns.iter().map(|c| c.down).sum();
        prop_assert_eq!(down, 44);
        assert_sound(&game)?;
    }

    #[test]
    fn only_legal_sequences_move_and_cards_are_conserved(
        suits in suits(),
        seed: u64,
        picks in proptest::collection::vec(any::<usize>(), 0..120),
        from in 0..COLUMNS,
        index in 0usize..30,
        to in 0..COLUMNS,
    ) {
        let game = reached(suits, seed, &picks);
        assert_sound(&game)?;
        let mv = Move::Sequence { from, index, to };
        let source = &game.columns[from];
        let n = source.cards.len();
        let legal = from != to
            && index < n
            && index >= source.down
            && (index + 1..n).all(|i| follows(source.cards[i - 1], source.cards[i]))
            && game.columns[to].top().is_none_or(|t| {
                t.rank.value() == source.cards[index].rank.value() + 1
            });
        let mut after = game.clone();
        match after.play(mv) {
            Ok(finished) => {
                prop_assert!(legal, "{mv:?} was accepted");
                prop_assert_eq!(after.moves, game.moves + 1);
                let moved = &source.cards[index..];
                let target = &after.columns[to].cards;
                if finished.is_empty() {
                    prop_assert!(target.ends_with(moved));
                    prop_assert_eq!(target.len(), game.columns[to].cards.len() + moved.len());
                } else {
                    prop_assert_eq!(finished.len(), 1);
                    prop_assert_eq!(after.done.len(), game.done.len() + 1);
                }
                prop_assert_eq!(&after.columns[from].cards[..], &source.cards[..index]);
                assert_sound(&after)?;
            }
            Err(_) => {
                prop_assert!(!legal, "{mv:?} was refused");
                prop_assert_eq!(after, game);
            }
        }
    }

    #[test]
    fn a_row_is_dealt_only_when_no_column_is_empty(
        suits in suits(),
        seed: u64,
        picks in proptest::collection::vec(any::<usize>(), 0..200),
    ) {
        let game = reached(suits, seed, &picks);
        let mut after = game.clone();
        let allowed = !game.stock.is_empty() && game.columns.iter().all(|c| !c.cards.is_empty());
        match after.deal_row() {
            Ok(finished) => {
                prop_assert!(allowed);
                prop_assert_eq!(after.stock.len(), game.stock.len() - COLUMNS);
                let before: usize = game.columns.iter().map(|c| c.cards.len()).sum();
                let now: usize = after.columns.iter().map(|c| c.cards.len()).sum();
                prop_assert_eq!(now + 13 * finished.len(), before + COLUMNS);
                for (c, col) in after.columns.iter().enumerate() {
                    if !finished.iter().any(|&(f, _)| f == c) {
                        // The dealt card lies face up on top.
                        prop_assert!(col.is_up(col.cards.len() - 1));
                    }
                }
                assert_sound(&after)?;
            }
            Err(_) => {
                prop_assert!(!allowed);
                prop_assert_eq!(after, game);
            }
        }
    }

    #[test]
    fn every_legal_move_is_listed_and_keeps_the_game_sound(
        suits in suits(),
        seed: u64,
        picks in proptest::collection::vec(any::<usize>(), 0..150),
    ) {
        let game = reached(suits, seed, &picks);
        let listed = game.legal_moves();
        let mut count = 0;
        for from in 0..COLUMNS {
            for index in 0..game.columns[from].cards.len() {
                for to in 0..COLUMNS {
                    let mv = Move::Sequence { from, index, to };
                    if game.check(mv).is_ok() {
                        count += 1;
                        prop_assert!(listed.contains(&mv));
                        let mut after = game.clone();
                        after.play(mv).unwrap();
                        assert_sound(&after)?;
                    }
                }
            }
        }
        prop_assert_eq!(count + usize::from(game.can_deal()), listed.len());
    }
}

#[test]
fn a_suit_finished_by_a_deal_leaves_too() {
    // Column 1 holds king to two of spades; the deal puts the ace on it.
    let mut game = Spider::deal(Suits::One, 4);
    let run: Vec<cards::Card> =
        cards::card::read_cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S").unwrap();
    // Take those cards out of wherever they are, and an ace, and build.
    let mut pool: Vec<cards::Card> = game.stock.drain(..).collect();
    for c in &mut game.columns {
        pool.append(&mut c.cards);
        c.down = 0;
    }
    for card in &run {
        let i = pool.iter().position(|c| c == card).unwrap();
        pool.remove(i);
    }
    let ace = pool.iter().position(|c| c.rank == Rank::ACE).unwrap();
    let ace = pool.remove(ace);
    game.columns[0].cards = run;
    for c in 1..COLUMNS {
        game.columns[c].cards.push(pool.pop().unwrap());
    }
    // The stock: nine cards then the ace on top (dealt to column 1 first).
    let mut stock: Vec<cards::Card> = (0..9).map(|_| pool.pop().unwrap()).collect();
    stock.push(ace);
    game.stock = stock;
    let finished = game.deal_row().unwrap();
    assert_eq!(finished, [(0, cards::Suit::Spades)]);
    assert!(game.columns[0].cards.is_empty());
    assert_eq!(game.done.len(), 1);
}
