//! Klondike, the patience most people call solitaire, on the cards kit's
//! patience layer: seven columns dealt one to seven cards, the top one
//! face up; build down in the other colour, kings into empty columns;
//! turn one or three cards at a time from the stock onto the waste, with
//! the waste turned back over as often as the Redeals choice allows; all
//! 52 cards up in suit on the four foundations to win.
//!
//! The crate is a `cdylib` exporting [`KlondikeGame`] through
//! [`game_api::export_game!`] with save, new game and outcome, and an
//! `rlib` for tests and tools.
#![warn(missing_docs)]

use cards::patience::game::{Choice, Description, PatienceGame, Variant};
use cards::patience::{KLONDIKE_RULES, Patience, Role};

/// Klondike's table, rules and deal.
pub struct Klondike;

/// The game the launcher runs.
pub type KlondikeGame = PatienceGame<Klondike>;

/// How many cards a turn of the stock shows: one, or three.
pub const DRAW: Choice = Choice {
    id: "draw",
    label: "Draw",
    shortcut: "d",
    options: &["1", "3"],
    default: 0,
};

/// How many times the waste may be turned back into the stock.
pub const REDEALS: Choice = Choice {
    id: "redeals",
    label: "Redeals",
    shortcut: "r",
    options: &["unlimited", "2", "0"],
    default: 0,
};

/// The row of the seven columns, under the stock and foundations.
const TABLEAU_ROW: f32 = 1.15;

impl Variant for Klondike {
    const NAME: &'static str = "Klondike";
    const SAVE_WORD: &'static str = "klondike";

    fn choices() -> Vec<Choice> {
        vec![DRAW, REDEALS]
    }

    /// The stock and waste at the top left, four foundations at the top
    /// right, seven columns below.
    fn describe(chosen: &[usize]) -> Description {
        let mut piles = vec![(Role::Stock, (0.0, 0.0)), (Role::Waste, (1.0, 0.0))];
        piles.extend((3..7).map(|c| (Role::Foundation, (c as f32, 0.0))));
        piles.extend((0..7).map(|c| (Role::Tableau, (c as f32, TABLEAU_ROW))));
        let draw = if chosen[0] == 1 { 3 } else { 1 };
        let redeals = match REDEALS.options[chosen[1]] {
            "unlimited" => None,
            n => n.parse().ok(),
        };
        Description {
            grid: (7.0, 4.6),
            piles,
            rules: cards::patience::PatienceRules {
                draw,
                redeals,
                ..KLONDIKE_RULES
            },
        }
    }

    /// The deck shuffled by the deal number, dealt in rows: one card to
    /// each of the seven columns, then one to each but the first, and so
    /// on; the rest, 24 cards, is the stock.
    fn deal(deal: u64, _chosen: &[usize], game: &mut Patience) {
        let cards = cards::deal::shuffled_deck(deal);
        game.deal_rows(&cards, &[1, 2, 3, 4, 5, 6, 7], false);
    }
}

game_api::export_game!(KlondikeGame, save, new_game, outcome);
