//! FreeCell on the cards kit's patience layer: the whole deck dealt face
//! up into eight columns, four free cells that hold a card each; build
//! down in the other colour, any card into an empty column, runs as long
//! as the free cells and empty columns could carry one by one; all 52
//! cards up in suit on the four foundations to win. Deals are numbered as
//! in Microsoft's FreeCell, so deal 1 here is deal 1 there.
//!
//! The crate is a `cdylib` exporting [`FreeCellGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

use cards::card::{Card, Rank, Suit};
use cards::patience::game::{Description, PatienceGame, Variant};
use cards::patience::{FREECELL_RULES, Patience, Role};

/// FreeCell's table, rules and deal.
pub struct FreeCell;

/// The game the launcher runs.
pub type FreeCellGame = PatienceGame<FreeCell>;

/// The deal numbers a new game picks from: Microsoft's million.
pub const DEALS: u64 = 1_000_000;

/// The row of the eight columns, under the free cells and foundations.
const TABLEAU_ROW: f32 = 1.15;

/// The room between the free cells and the foundations, in card widths,
/// so the two rows of four empty places read as two groups.
const GAP: f32 = 0.4;

/// Deal number `deal` as Microsoft's FreeCell shuffles it: its C library's
/// random numbers (`seed = seed × 214013 + 2531011`, the bits 16 to 30)
/// pick cards from a deck ordered ace of clubs, ace of diamonds, ace of
/// hearts, ace of spades, two of clubs… The cards in the order they are
/// dealt, row by row across the eight columns.
pub fn microsoft_deal(deal: u64) -> Vec<Card> {
    let mut seed = deal as u32;
    let mut random = || {
        seed = seed.wrapping_mul(214_013).wrapping_add(2_531_011);
        (seed >> 16) & 0x7fff
    };
    let card = |i: usize| Card::new(Rank::ALL[i / 4], Suit::ALL[i % 4]);
    let mut deck: Vec<Card> = (0..52).map(card).collect();
    let mut dealt = Vec::with_capacity(52);
    while !deck.is_empty() {
        let left = deck.len();
        let j = random() as usize % left;
        deck.swap(j, left - 1);
        dealt.push(deck.pop().expect("a card left"));
    }
    dealt
}

impl Variant for FreeCell {
    const NAME: &'static str = "FreeCell";
    const SAVE_WORD: &'static str = "freecell";

    /// Four free cells at the top left, four foundations at the top
    /// right, eight columns below.
    fn describe(_chosen: &[usize]) -> Description {
        let mut piles: Vec<(Role, (f32, f32))> =
            (0..4).map(|c| (Role::FreeCell, (c as f32, 0.0))).collect();
        piles.extend((4..8).map(|c| (Role::Foundation, (c as f32 + GAP, 0.0))));
        piles.extend((0..8).map(|c| (Role::Tableau, (c as f32 + GAP / 2.0, TABLEAU_ROW))));
        Description {
            grid: (8.0 + GAP, 4.8),
            piles,
            rules: FREECELL_RULES,
        }
    }

    /// Microsoft's deal `deal`, all face up: seven cards in each of the
    /// first four columns, six in the others.
    fn deal(deal: u64, _chosen: &[usize], game: &mut Patience) {
        game.deal_rows(&microsoft_deal(deal), &[7, 7, 7, 7, 6, 6, 6, 6], true);
    }

    /// Deals 1 to a million, as Microsoft's FreeCell numbers them.
    fn deal_number(seed: u64) -> u64 {
        seed % DEALS + 1
    }
}

game_api::export_game!(FreeCellGame, save, new_game, outcome);
