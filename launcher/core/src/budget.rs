//! What one frame of a game may cost the console.
//!
//! The host's limits (`game_api::host`) bound what crosses the plugin
//! boundary by count: shapes, polygon corners, bytes of text. A frame within
//! them can still be ruinous to draw, because the cost of a shape depends on
//! its size on screen: a circle is 9 to 129 corners and an ellipse up to
//! `radius / 4` of them, every shape is filled pixel by pixel, and every
//! different character at every size is a glyph rasterised into egui's font
//! atlas, which the console and every window share (when it overflows
//! within a frame, the glyphs of the console's own labels are overwritten).
//!
//! So before a frame is drawn, [`FramePlan::new`] walks it once at its
//! on-screen scale and admits shapes in order while the frame stays within
//! [`MAX_FRAME_VERTICES`], [`MAX_FRAME_AREA`] canvases of area, and, for
//! text, [`MAX_FRAME_GLYPHS`] different glyphs covering at most
//! [`MAX_GLYPH_AREA`] pixels (less on a small atlas); the rest is skipped
//! and the player told. The plan is kept until the frame or the scale
//! changes, so an unchanged frame costs nothing more.

use crate::messages::count_of as plural;
use game_api::Point;
use game_api::Shape;
use std::collections::HashSet;

/// The most tessellated vertices a game's frame may cost (each about 40
/// bytes with its indices: about 16 MB).
pub const MAX_FRAME_VERTICES: usize = 400_000;

/// The most area a game's shapes may cover, in canvases (64 full-canvas
/// layers): the fill cost of a frame, bounded.
pub const MAX_FRAME_AREA: f32 = 64.0;

/// The most different glyphs (a character at a size) a game's frame may
/// ask the shared font atlas for.
pub const MAX_FRAME_GLYPHS: usize = 1024;

/// The most atlas pixels a game's glyphs may take (4 megapixels, 16 MB);
/// a tenth of the atlas when that is smaller, so that one frame can never
/// overflow it.
pub const MAX_GLYPH_AREA: f32 = 4.0 * 1024.0 * 1024.0;

/// The largest a game's text is drawn on screen, in pixels: a glyph wider
/// than the font atlas would stop egui, and a few huge glyphs fill it.
pub const MAX_SCREEN_FONT_PX: f32 = 512.0;

/// Which shapes of a frame are drawn, and what was skipped.
#[derive(Clone, Debug, PartialEq)]
pub struct FramePlan {
    /// One flag per shape: drawn or skipped.
    admitted: Vec<bool>,
    /// Shapes skipped because the frame would cost too many vertices or
    /// too much area.
    pub shapes_over_cost: usize,
    /// Texts skipped because they would need too many different glyphs.
    pub texts_over_glyphs: usize,
    /// Texts drawn smaller than asked, to [`MAX_SCREEN_FONT_PX`].
    pub texts_shrunk: usize,
    /// The estimated vertices of what is drawn.
    pub vertices: usize,
    /// The different glyphs of what is drawn.
    pub glyphs: usize,
}

/// Where the frame is drawn: its on-screen scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Screen {
    /// Screen points per canvas pixel.
    pub scale: f32,
    /// Physical pixels per point.
    pub pixels_per_point: f32,
    /// The canvas's size, in canvas pixels.
    pub canvas: Point,
    /// The side of the font atlas (egui's `max_texture_side`).
    pub atlas_side: usize,
}

impl Screen {
    /// Canvas pixels to physical pixels.
    fn px(&self) -> f32 {
        self.scale * self.pixels_per_point
    }
}

/// A font size as the plan keys it: quarter pixels on screen.
fn size_key(px: f32) -> u32 {
    (px * 4.0).round() as u32
}

/// What a window's frame budget would cut from a game's first frame drawn
/// at its canvas's own size (`canvas`) with egui's portable font atlas
/// (2048 a side), as a warning of a game's check; `None` when nothing.
pub fn first_frame_warning(shapes: &[Shape], canvas: Point) -> Option<String> {
    let screen = Screen {
        scale: 1.0,
        pixels_per_point: 1.0,
        canvas,
        atlas_side: 2048,
    };
    FramePlan::new(shapes, screen).describe().map(|cut| {
        format!(
            "its first frame, at its own size, is more than a window draws: {}",
            cut.trim_end_matches('.')
        )
    })
}

impl FramePlan {
    /// Walks `shapes` once and admits them in order while the frame stays
    /// within budget (see the module documentation).
    pub fn new(shapes: &[Shape], screen: Screen) -> FramePlan {
        let px = screen.px();
        let canvas_area = (screen.canvas.x * screen.canvas.y).max(1.0);
        let area_budget = MAX_FRAME_AREA * canvas_area;
        let atlas = screen.atlas_side as f32;
        let glyph_area_budget = MAX_GLYPH_AREA.min(atlas * atlas / 10.0);
        let mut plan = FramePlan {
            admitted: Vec::with_capacity(shapes.len()),
            shapes_over_cost: 0,
            texts_over_glyphs: 0,
            texts_shrunk: 0,
            vertices: 0,
            glyphs: 0,
        };
        let mut area = 0.0f32;
        let mut glyphs: HashSet<(char, u32)> = HashSet::new();
        let mut glyph_area = 0.0f32;
        let mut new_glyphs: HashSet<(char, u32)> = HashSet::new();
        for shape in shapes {
            let (vertices, shape_area) = cost(shape, px, screen.canvas);
            if plan.vertices + vertices > MAX_FRAME_VERTICES || area + shape_area > area_budget {
                plan.shapes_over_cost += 1;
                plan.admitted.push(false);
                continue;
            }
            if let Shape::Text {
                font_size, text, ..
            }
            | Shape::StyledText {
                font_size, text, ..
            } = shape
            {
                let screen_px = (font_size * px).min(MAX_SCREEN_FONT_PX);
                if font_size * px > MAX_SCREEN_FONT_PX {
                    plan.texts_shrunk += 1;
                }
                let key = size_key(screen_px);
                new_glyphs.clear();
                for c in text.chars().filter(|c| !c.is_whitespace()) {
                    if !glyphs.contains(&(c, key))
                        && new_glyphs.insert((c, key))
                        && glyphs.len() + new_glyphs.len() > MAX_FRAME_GLYPHS
                    {
                        break;
                    }
                }
                // A glyph's cell is about 0.6 em wide and 1.2 em tall.
                let added = new_glyphs.len() as f32 * screen_px * screen_px * 0.72;
                if glyphs.len() + new_glyphs.len() > MAX_FRAME_GLYPHS
                    || glyph_area + added > glyph_area_budget
                {
                    plan.texts_over_glyphs += 1;
                    plan.admitted.push(false);
                    continue;
                }
                glyphs.extend(new_glyphs.drain());
                glyph_area += added;
            }
            plan.vertices += vertices;
            area += shape_area;
            plan.admitted.push(true);
        }
        plan.glyphs = glyphs.len();
        plan
    }

    /// Whether shape `index` of the frame is drawn.
    pub fn admits(&self, index: usize) -> bool {
        self.admitted.get(index).copied().unwrap_or(false)
    }

    /// What was skipped or shrunk, in a sentence for the player; `None`
    /// when the whole frame is drawn as asked.
    pub fn describe(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.shapes_over_cost > 0 {
            parts.push(format!(
                "{} not drawn: the frame would cost more than the launcher allows ({MAX_FRAME_VERTICES} vertices, {MAX_FRAME_AREA} canvases of area)",
                plural(self.shapes_over_cost, "shape")
            ));
        }
        if self.texts_over_glyphs > 0 {
            parts.push(format!(
                "{} not drawn: the game's text needs more than {MAX_FRAME_GLYPHS} different characters at its sizes, or too much room for them",
                plural(self.texts_over_glyphs, "text")
            ));
        }
        if self.texts_shrunk > 0 {
            parts.push(format!(
                "{} drawn at {MAX_SCREEN_FONT_PX} pixels, the largest text the launcher draws",
                plural(self.texts_shrunk, "text")
            ));
        }
        (!parts.is_empty()).then(|| format!("{}.", parts.join("; ")))
    }
}

/// The area of a box clipped to the canvas, in canvas pixels.
fn clipped_area(min_x: f32, min_y: f32, max_x: f32, max_y: f32, canvas: Point) -> f32 {
    let w = max_x.min(canvas.x) - min_x.max(0.0);
    let h = max_y.min(canvas.y) - min_y.max(0.0);
    if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
}

/// The area of an ellipse's bounding box clipped to the canvas.
fn ellipse_area(center: game_api::Point, radius_x: f32, radius_y: f32, canvas: Point) -> f32 {
    clipped_area(
        center.x - radius_x,
        center.y - radius_y,
        center.x + radius_x,
        center.y + radius_y,
        canvas,
    )
}

/// The estimated tessellated vertices and covered area (canvas pixels) of
/// a shape drawn at `px` physical pixels per canvas pixel, after egui's
/// tessellator: anti-aliased fills take two vertices per corner, strokes
/// about four.
fn cost(shape: &Shape, px: f32, canvas: Point) -> (usize, f32) {
    let per_corner = |fill: bool, stroke: bool| 2 * usize::from(fill) + 4 * usize::from(stroke);
    match shape {
        Shape::Circle {
            center,
            radius,
            style,
        } => {
            let r = radius * px;
            let corners = match r {
                r if r <= 2.0 => 9,
                r if r <= 5.0 => 17,
                r if r < 18.0 => 33,
                r if r < 50.0 => 65,
                _ => 129,
            };
            let vertices = corners * per_corner(style.fill.is_some(), style.stroke.is_some());
            (
                vertices.max(4),
                ellipse_area(*center, *radius, *radius, canvas),
            )
        }
        Shape::Ellipse {
            center,
            radius_x,
            radius_y,
            style,
        } => {
            // egui: max(8, radius_px / 16) corners a quarter.
            let quarter = ((radius_x.max(*radius_y) * px) / 16.0).max(8.0);
            let corners = (4.0 * quarter).min(1.0e9) as usize;
            let vertices = corners * per_corner(style.fill.is_some(), style.stroke.is_some());
            (
                vertices.max(4),
                ellipse_area(*center, *radius_x, *radius_y, canvas),
            )
        }
        Shape::Polygon { points, style } => {
            let vertices = points.len() * per_corner(style.fill.is_some(), style.stroke.is_some());
            let (mut min_x, mut min_y, mut max_x, mut max_y) =
                (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
            for p in points {
                min_x = min_x.min(p.x);
                min_y = min_y.min(p.y);
                max_x = max_x.max(p.x);
                max_y = max_y.max(p.y);
            }
            (
                vertices.max(4),
                clipped_area(min_x, min_y, max_x, max_y, canvas),
            )
        }
        Shape::Line { from, to, stroke } => {
            let half = stroke.width / 2.0;
            let area = clipped_area(
                from.x.min(to.x) - half,
                from.y.min(to.y) - half,
                from.x.max(to.x) + half,
                from.y.max(to.y) + half,
                canvas,
            )
            .min(
                (((to.x - from.x).powi(2) + (to.y - from.y).powi(2)).sqrt() + 1.0)
                    * stroke.width.max(1.0),
            );
            (8, area)
        }
        // A rounded rectangle's corners are a few dozen more vertices.
        Shape::Rect { min, size, style }
        | Shape::RoundedRect {
            min, size, style, ..
        } => {
            let corners = if matches!(shape, Shape::RoundedRect { .. }) {
                64
            } else {
                0
            };
            let vertices = 8
                + corners
                + if style.stroke.is_some() {
                    16 + corners
                } else {
                    0
                };
            (
                vertices,
                clipped_area(min.x, min.y, min.x + size.x, min.y + size.y, canvas),
            )
        }
        Shape::Text {
            font_size, text, ..
        }
        | Shape::StyledText {
            font_size, text, ..
        } => {
            // A bold text is drawn twice: its glyphs cost twice.
            let twice = matches!(shape, Shape::StyledText { style, .. } if style.bold);
            let glyphs =
                text.chars().filter(|c| !c.is_whitespace()).count() * (1 + usize::from(twice));
            let size = font_size.min(MAX_SCREEN_FONT_PX / px.max(f32::MIN_POSITIVE));
            let area = (glyphs as f32 * size * size * 0.72).min(canvas.x * canvas.y);
            (4 * glyphs, area)
        }
        // A picture is one textured rectangle (its texture is the host's
        // cache's business: one per file or pixels, kept between frames).
        Shape::Picture { min, size, .. } | Shape::StyledPicture { min, size, .. } => (
            4,
            clipped_area(min.x, min.y, min.x + size.x, min.y + size.y, canvas),
        ),
        Shape::PushClip { .. } | Shape::PopClip => (0, 0.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Anchor, Point, Rgba, Style};

    fn screen() -> Screen {
        Screen {
            scale: 1.0,
            pixels_per_point: 1.0,
            canvas: Point::new(400.0, 300.0),
            atlas_side: 8192,
        }
    }

    fn text(s: &str, font_size: f32) -> Shape {
        Shape::Text {
            pos: Point::new(0.0, 0.0),
            anchor: Anchor::TopLeft,
            font_size,
            color: Rgba::rgb(0, 0, 0),
            text: s.into(),
        }
    }

    #[test]
    fn an_ordinary_frame_is_drawn_whole() {
        let circle = Shape::Circle {
            center: Point::new(20.0, 20.0),
            radius: 10.0,
            style: Style::solid(Rgba::rgb(1, 2, 3)),
        };
        let mut shapes = vec![circle; 121];
        shapes.push(text("You trapped the cat!", 24.0));
        let plan = FramePlan::new(&shapes, screen());
        assert!((0..shapes.len()).all(|i| plan.admits(i)));
        assert_eq!(plan.describe(), None);
        assert_eq!(plan.glyphs, 12);
    }

    #[test]
    fn different_characters_past_the_glyph_budget_are_skipped_and_reused_ones_kept() {
        // 2,000 different CJK characters in texts of 100: the first ten texts fit.
        let chars: Vec<char> = (0x4e00u32..0x4e00 + 2000)
            .filter_map(char::from_u32)
            .collect();
        let mut shapes: Vec<Shape> = chars
            .chunks(100)
            .map(|c| text(&c.iter().collect::<String>(), 12.0))
            .collect();
        // Characters already admitted cost no new glyphs, even after the budget is hit.
        shapes.push(text(&chars[..50].iter().collect::<String>(), 12.0));
        let plan = FramePlan::new(&shapes, screen());
        let drawn: Vec<bool> = (0..shapes.len()).map(|i| plan.admits(i)).collect();
        assert_eq!(drawn.iter().filter(|d| **d).count(), 11, "{drawn:?}");
        assert!(drawn[..10].iter().all(|d| *d) && drawn[20]);
        assert_eq!(plan.glyphs, 1000);
        assert_eq!(plan.texts_over_glyphs, 10);
        assert!(plan.describe().unwrap().starts_with("10 texts not drawn"));
    }

    #[test]
    fn huge_text_is_shrunk_and_its_glyph_area_budgeted() {
        // At 512 px a glyph cell is about 190,000 px²: 4 MP holds 22 of them.
        let alphabet: String = ('A'..='Z').chain('a'..='z').collect();
        let plan = FramePlan::new(&[text(&alphabet, 2000.0)], screen());
        assert!(!plan.admits(0));
        let plan = FramePlan::new(&[text("GAME OVER", 2000.0)], screen());
        assert!(plan.admits(0));
        assert_eq!(plan.texts_shrunk, 1);
        // A small atlas gets a smaller budget: a tenth of 2048² is 419,430 px².
        let small = Screen {
            atlas_side: 2048,
            ..screen()
        };
        assert!(!FramePlan::new(&[text("GAME OVER", 512.0)], small).admits(0));
        assert!(FramePlan::new(&[text("GAME", 300.0)], small).admits(0));
    }

    #[test]
    fn vertices_and_area_are_budgeted_at_their_on_screen_size() {
        let big = Shape::Ellipse {
            center: Point::new(200.0, 150.0),
            radius_x: 900_000.0,
            radius_y: 900_000.0,
            style: Style::solid(Rgba::rgb(0, 0, 0)),
        };
        // One ellipse of radius 900,000 is 225,000 corners: 450,000 vertices.
        let plan = FramePlan::new(&[big], screen());
        assert!(!plan.admits(0));
        assert_eq!(plan.shapes_over_cost, 1);
        // Full-canvas rectangles: 64 canvases of area, then no more.
        let layer = Shape::Rect {
            min: Point::new(0.0, 0.0),
            size: Point::new(400.0, 300.0),
            style: Style::solid(Rgba::rgb(9, 9, 9)),
        };
        let plan = FramePlan::new(&vec![layer; 100], screen());
        assert_eq!((0..100).filter(|&i| plan.admits(i)).count(), 64);
        // Shapes off the canvas cover nothing and cost only their vertices.
        let off = Shape::Rect {
            min: Point::new(-5000.0, -5000.0),
            size: Point::new(10.0, 10.0),
            style: Style::solid(Rgba::rgb(9, 9, 9)),
        };
        let plan = FramePlan::new(&vec![off; 40_000], screen());
        assert_eq!(plan.shapes_over_cost, 0);
        assert_eq!(plan.vertices, 320_000);
    }
}
