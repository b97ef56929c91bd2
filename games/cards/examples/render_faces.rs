//! Draws every face of the deck (and a back, dimmed, selected and
//! four-colour cards) with the kit's own drawing code and the
//! deterministic rasteriser of `game-raster`, for the guide:
//! `faces.png` in the crate's directory (or the directory given as
//! argument). `cargo run -p cards --example render_faces`.
//!
//! game-raster draws no text, so the corner indices and court letters are
//! missing from the picture; the pips and figures are there.

use std::path::PathBuf;

use cards::card::{Card, Rank, Suit};
use cards::face::{DeckStyle, Look, card_size, draw_card};
use game_api::{Point, Rgba, Style};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let path = dir.join("faces.png");
    std::fs::write(&path, picture()).expect("write faces.png");
    println!("{}", path.display());
}

/// The picture's PNG bytes: the 52 faces by suit, then a back, a dimmed,
/// a selected and a highlighted card, and four cards of the four-colour
/// deck.
pub fn picture() -> Vec<u8> {
    let width = 64.0;
    let gap = 8.0;
    let size = card_size(width);
    let cols = 13;
    let rows = 5;
    let w = gap + cols as f32 * (width + gap);
    let h = gap + rows as f32 * (size.y + gap);
    let style = DeckStyle::default();
    let four = DeckStyle {
        four_colour: true,
        ..style
    };
    game_raster::render_png(w as u32, h as u32, 2.0, |p| {
        p.rect(
            Point::new(0.0, 0.0),
            Point::new(w, h),
            Style::solid(Rgba::rgb(30, 110, 60)),
        );
        let at = |col: usize, row: usize| {
            Point::new(
                gap + col as f32 * (width + gap),
                gap + row as f32 * (size.y + gap),
            )
        };
        for (row, suit) in Suit::ALL.into_iter().enumerate() {
            for (col, rank) in Rank::ALL.into_iter().enumerate() {
                draw_card(
                    p,
                    Card::new(rank, suit),
                    at(col, row),
                    width,
                    Look::UP,
                    &style,
                );
            }
        }
        let extras = [
            (Card::new(Rank::ACE, Suit::Spades), Look::DOWN, &style),
            (
                Card::new(Rank::QUEEN, Suit::Hearts),
                Look {
                    dimmed: true,
                    ..Look::UP
                },
                &style,
            ),
            (
                Card::new(Rank::new(7).unwrap(), Suit::Clubs),
                Look {
                    selected: true,
                    ..Look::UP
                },
                &style,
            ),
            (
                Card::new(Rank::new(8).unwrap(), Suit::Diamonds),
                Look {
                    highlighted: true,
                    ..Look::UP
                },
                &style,
            ),
        ];
        for (col, (card, look, s)) in extras.into_iter().enumerate() {
            draw_card(p, card, at(col, 4), width, look, s);
        }
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            let card = Card::new(Rank::new(9 + i as u8).unwrap(), suit);
            draw_card(p, card, at(5 + i, 4), width, Look::UP, &four);
        }
    })
}
