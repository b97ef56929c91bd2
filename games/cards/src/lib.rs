//! The cards kit: what card games built on game-api share, after the
//! original's `games/cards` library. A library, not a game: card games
//! link it (`cards = { path = "../cards" }`).
//!
//! - [`card`]: suits, ranks, cards, decks and shoes, names for screen
//!   readers, the compact notation (`7H`, `TS`) for saves and game IDs.
//! - [`deal`]: shuffling and dealing from a game's seed.
//! - [`face`]: card faces and backs drawn with the painter at any size.
//! - [`icon`]: the plain faces and backs of the card games' console icons.
//! - [`table`]: piles, buttons and felt laid out to the canvas; hit
//!   testing; screen-reader regions.
//! - [`drag`]: drag and drop, clicks and keyboard play over a table.
//! - [`patience`]: solitaire as data: stock, waste, foundations, tableau
//!   columns and free cells with their rules, autoplay, a solver with a
//!   node budget, saves, and one game for every patience described.
//! - [`anim`]: cards sliding and turning over on ticks.
//! - [`replay`]: computer players' turns played against a step budget and
//!   shown a step at a time on ticks.
//! - [`view`]: a card game's window: the host, the table, the hand, the
//!   slides and the ticks (asked for only while something moves) every
//!   card game's plugin holds.
//!
//! ```
//! use cards::deal::Stock;
//! use cards::{Fan, Hand, Hit, Pile, Play, Rules, Table, TableCard};
//! use game_api::{Event, Point};
//!
//! // Two columns; any face-up card may go onto the other column.
//! struct Anywhere;
//! impl Rules for Anywhere {
//!     fn movable(&self, t: &Table, pile: usize, index: usize) -> bool {
//!         t.piles[pile].cards[index].face_up
//!     }
//!     fn accepts(&self, _: &Table, from: usize, _: usize, to: usize) -> bool {
//!         from != to
//!     }
//! }
//!
//! let mut table = Table::new(2.0, 2.0);
//! let left = table.add_pile(Pile::new("left column", (0.0, 0.0), Fan::Down));
//! let right = table.add_pile(Pile::new("right column", (1.0, 0.0), Fan::Down));
//! let mut stock = Stock::shuffled(2024); // the same deal for this seed, always
//! table.piles[left].cards = stock.draw_n(3).into_iter().map(TableCard::up).collect();
//! table.lay_out(Point::new(400.0, 500.0));
//!
//! // A press on the top card, a drag onto the right column, a release.
//! let top = table.regions().into_iter().find(|r| r.label.ends_with("top of left column")).unwrap();
//! let target = table.regions().into_iter().find(|r| r.label == "right column, empty").unwrap();
//! let mut hand = Hand::new();
//! assert_eq!(table.hit(top.center()), Hit::Card { pile: left, index: 2 });
//! hand.handle(&table, &Anywhere, &Event::press(top.center()));
//! hand.handle(&table, &Anywhere, &Event::PointerMove { pos: target.center() });
//! let (play, _) = hand.handle(&table, &Anywhere, &Event::release(target.center()));
//! assert_eq!(play, Some(Play::Move { from: left, index: 2, to: right }));
//! ```
#![warn(missing_docs)]

pub mod anim;
pub mod card;
pub mod deal;
pub mod drag;
pub mod face;
pub mod icon;
pub mod patience;
pub mod replay;
pub mod table;
pub mod view;

pub use card::{Card, Rank, Suit};
pub use drag::{Hand, Play, Rules};
pub use table::{Fan, Hit, Pile, Table, TableCard};
