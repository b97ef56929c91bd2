//! Cards as the card games' 32 × 32 console icons draw them: plain faces
//! and backs, a few pixels large, over which each game draws what tells it
//! apart (a pip, a fish, a spider). Written out with
//! `game_raster::icon::make_icon`.

use game_api::{Painter, Point, Rgba, Stroke, Style};

/// A face's cream.
pub const FACE: Rgba = Rgba::rgb(252, 250, 240);
/// A face's outline.
pub const FACE_EDGE: Rgba = Rgba::rgb(60, 60, 60);
/// A back's blue.
pub const BACK: Rgba = Rgba::rgb(40, 70, 170);
/// A back's outline, light against the blue.
pub const BACK_EDGE: Rgba = Rgba::rgb(240, 240, 240);
/// The black suits' ink.
pub const INK: Rgba = Rgba::rgb(20, 20, 20);

/// A card of `fill` outlined in `edge` (1 pixel), its top-left corner at
/// `at`, `size` large, its corners rounded by `radius`.
pub fn card(p: &mut dyn Painter, at: Point, size: Point, radius: f32, fill: Rgba, edge: Rgba) {
    let style = Style {
        fill: Some(fill),
        stroke: Some(Stroke {
            width: 1.0,
            color: edge,
        }),
    };
    p.rounded_rect(at, size, radius, style);
}

/// A blank face ([`card`] in [`FACE`], outlined in [`FACE_EDGE`]).
pub fn face(p: &mut dyn Painter, at: Point, size: Point, radius: f32) {
    card(p, at, size, radius, FACE, FACE_EDGE);
}

/// A back ([`card`] in [`BACK`], outlined in [`BACK_EDGE`]).
pub fn back(p: &mut dyn Painter, at: Point, size: Point, radius: f32) {
    card(p, at, size, radius, BACK, BACK_EDGE);
}
