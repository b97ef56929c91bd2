//! The ten pictures, drawn with the painter in vector shapes (the
//! original's `images/*.png` are not used): the four suits, a happy and an
//! unhappy face, one fish and two fish, a jack (the six-knobbed toy) and a
//! star. Each picture stands for a [`Card`] of the kit so that the table,
//! the animator and the screen-reader names work unchanged: picture `i` is
//! the card of rank `i + 1`, spades for one of its pair and hearts for the
//! other ([`card_of`]).

use cards::face::{card_size, draw_pip};
use cards::{Card, Rank, Suit};
use game_api::{Painter, Point, Rgba, Stroke, Style};

use crate::rules::Picture;

const INK: Rgba = Rgba::rgb(20, 20, 20);
const RED: Rgba = Rgba::rgb(200, 20, 30);

/// The kit's card standing for `picture`; `twin` picks the second of
/// the pair.
pub fn card_of(picture: Picture, twin: bool) -> Card {
    let suit = if twin { Suit::Hearts } else { Suit::Spades };
    Card::new(Rank::ALL[picture.index()], suit)
}

/// The picture a card stands for.
pub fn picture_of(card: Card) -> Picture {
    let i = Rank::ALL.iter().position(|&r| r == card.rank).unwrap_or(0);
    Picture::ALL[i.min(Picture::ALL.len() - 1)]
}

/// The screen reader's name of a face-up card: "star".
pub fn name(card: Card) -> String {
    picture_of(card).name().to_string()
}

/// Draws the picture `card` stands for on the blank card at `min`,
/// `width` wide (a [`cards::face::FaceFn`]).
pub fn draw_face(painter: &mut dyn Painter, card: Card, min: Point, width: f32) {
    let size = card_size(width);
    let c = Point::new(min.x + size.x / 2.0, min.y + size.y / 2.0);
    draw_picture(painter, picture_of(card), c, width * 0.7);
}

fn at(c: Point, dx: f32, dy: f32) -> Point {
    Point::new(c.x + dx, c.y + dy)
}

fn filled_outlined(fill: Rgba, width: f32) -> Style {
    Style {
        fill: Some(fill),
        stroke: Some(Stroke { width, color: INK }),
    }
}

/// Points of an arc around `c`, radius `r`, from angle `a0` to `a1`
/// (radians, y down).
fn arc(c: Point, r: f32, a0: f32, a1: f32, n: usize) -> Vec<Point> {
    (0..=n)
        .map(|i| {
            let a = a0 + (a1 - a0) * i as f32 / n as f32;
            at(c, r * a.cos(), r * a.sin())
        })
        .collect()
}

fn polyline(painter: &mut dyn Painter, points: &[Point], s: Stroke) {
    for w in points.windows(2) {
        painter.line(w[0], w[1], s);
    }
}

/// Draws `picture` centred at `c`, about `s` across.
pub fn draw_picture(painter: &mut dyn Painter, picture: Picture, c: Point, s: f32) {
    let line = (s * 0.04).max(1.0);
    match picture {
        Picture::Club => draw_pip(painter, Suit::Clubs, c, s * 0.8, false, INK),
        Picture::Heart => draw_pip(painter, Suit::Hearts, c, s * 0.8, false, RED),
        Picture::Spade => draw_pip(painter, Suit::Spades, c, s * 0.8, false, INK),
        Picture::Diamond => draw_pip(painter, Suit::Diamonds, c, s * 0.8, false, RED),
        Picture::Happy | Picture::Unhappy => {
            let happy = picture == Picture::Happy;
            let r = s * 0.45;
            let fill = if happy {
                Rgba::rgb(250, 210, 40)
            } else {
                Rgba::rgb(120, 170, 230)
            };
            painter.circle(c, r, filled_outlined(fill, line));
            for dx in [-0.35, 0.35] {
                painter.ellipse(
                    at(c, dx * r, -0.25 * r),
                    r * 0.1,
                    r * 0.16,
                    Style::solid(INK),
                );
            }
            let mouth = if happy {
                arc(
                    at(c, 0.0, 0.0),
                    r * 0.55,
                    0.6,
                    std::f32::consts::PI - 0.6,
                    12,
                )
            } else {
                arc(
                    at(c, 0.0, r * 0.75),
                    r * 0.45,
                    std::f32::consts::PI + 0.7,
                    std::f32::consts::TAU - 0.7,
                    12,
                )
            };
            polyline(
                painter,
                &mouth,
                Stroke {
                    width: line * 1.5,
                    color: INK,
                },
            );
        }
        Picture::Fish => draw_fish(painter, c, s, Rgba::rgb(240, 130, 30), line),
        Picture::TwoFish => {
            draw_fish(
                painter,
                at(c, -s * 0.1, -s * 0.25),
                s * 0.72,
                Rgba::rgb(60, 130, 220),
                line,
            );
            draw_fish(
                painter,
                at(c, s * 0.1, s * 0.25),
                s * 0.72,
                Rgba::rgb(220, 60, 60),
                line,
            );
        }
        Picture::Jack => {
            // The toy: three crossed bars, a knob at each end and one in
            // the middle.
            let colour = Rgba::rgb(150, 150, 165);
            let r = s * 0.4;
            for k in 0..3 {
                let a = std::f32::consts::PI * k as f32 / 3.0 + 0.3;
                let (dy, dx) = a.sin_cos();
                let (p, q) = (at(c, dx * r, dy * r), at(c, -dx * r, -dy * r));
                painter.line(
                    p,
                    q,
                    Stroke {
                        width: s * 0.08,
                        color: INK,
                    },
                );
                for end in [p, q] {
                    painter.circle(end, s * 0.08, filled_outlined(colour, line));
                }
            }
            painter.circle(c, s * 0.1, filled_outlined(Rgba::rgb(200, 40, 40), line));
        }
        Picture::Star => {
            let points: Vec<Point> = (0..10)
                .map(|i| {
                    let a = -std::f32::consts::FRAC_PI_2 + std::f32::consts::PI * i as f32 / 5.0;
                    let r = if i % 2 == 0 { s * 0.48 } else { s * 0.2 };
                    at(c, r * a.cos(), r * a.sin() + s * 0.04)
                })
                .collect();
            painter.polygon(&points, filled_outlined(Rgba::rgb(255, 200, 0), line));
        }
    }
}

/// A fish facing left, `s` long, centred at `c`.
fn draw_fish(painter: &mut dyn Painter, c: Point, s: f32, colour: Rgba, line: f32) {
    let tail = [
        at(c, s * 0.22, 0.0),
        at(c, s * 0.5, -s * 0.2),
        at(c, s * 0.5, s * 0.2),
    ];
    painter.polygon(&tail, filled_outlined(colour, line));
    painter.ellipse(
        at(c, -s * 0.08, 0.0),
        s * 0.34,
        s * 0.2,
        filled_outlined(colour, line),
    );
    painter.circle(at(c, -s * 0.26, -s * 0.04), s * 0.04, Style::solid(INK));
    painter.line(
        at(c, -s * 0.02, -s * 0.14),
        at(c, -s * 0.02, s * 0.14),
        Stroke {
            width: line,
            color: INK,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::RecordingPainter;

    #[test]
    fn every_picture_has_its_card_and_back() {
        for p in Picture::ALL {
            for twin in [false, true] {
                assert_eq!(picture_of(card_of(p, twin)), p);
            }
            assert_ne!(card_of(p, false), card_of(p, true));
            assert_eq!(name(card_of(p, true)), p.name());
        }
    }

    #[test]
    fn every_picture_draws_something_different() {
        let mut drawn = Vec::new();
        for p in Picture::ALL {
            let mut painter = RecordingPainter::new();
            draw_face(&mut painter, card_of(p, false), Point::new(0.0, 0.0), 100.0);
            assert!(!painter.shapes.is_empty(), "{p:?}");
            let text = format!("{:?}", painter.shapes);
            assert!(!drawn.contains(&text), "{p:?} looks like another");
            drawn.push(text);
        }
    }
}
