//! Rendering a game's drawing calls with egui, and mapping between the game's
//! canvas coordinates and the screen.

use egui::{Color32, Pos2, Rect, Stroke as EguiStroke, Vec2};
use game_api::{Anchor, Painter, Point, Rgba, Shape, Stroke, Style};

/// Where the canvas sits on screen: `screen = origin + canvas × scale`.
///
/// The canvas keeps its aspect ratio and is centred in the space it is given,
/// so a resized window keeps the board centred and clicks map back exactly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CanvasTransform {
    /// Screen position of the canvas's origin.
    pub origin: Pos2,
    /// Screen points per canvas pixel.
    pub scale: f32,
    /// The canvas's size in canvas pixels.
    pub canvas: Vec2,
}

impl CanvasTransform {
    /// Fits a canvas of `canvas` pixels into `available`, centred, as large as
    /// fits. A tiny or empty area gives a small positive scale, never zero.
    pub fn fit(canvas: Vec2, available: Rect) -> CanvasTransform {
        let scale = (available.width() / canvas.x)
            .min(available.height() / canvas.y)
            .max(0.01);
        let size = canvas * scale;
        CanvasTransform {
            origin: available.center() - size / 2.0,
            scale,
            canvas,
        }
    }

    /// The canvas's rectangle on screen.
    pub fn screen_rect(&self) -> Rect {
        Rect::from_min_size(self.origin, self.canvas * self.scale)
    }

    /// A canvas point on screen.
    pub fn to_screen(&self, p: Point) -> Pos2 {
        self.origin + Vec2::new(p.x, p.y) * self.scale
    }

    /// A screen position in canvas pixels (may lie outside the canvas).
    pub fn to_canvas(&self, p: Pos2) -> Point {
        let v = (p - self.origin) / self.scale;
        Point::new(v.x, v.y)
    }
}

fn color(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

/// Paints game drawing calls into an egui painter.
pub struct EguiPainter<'a> {
    painter: &'a egui::Painter,
    transform: CanvasTransform,
    clips: Vec<Rect>,
}

impl<'a> EguiPainter<'a> {
    /// Paints into `painter`, clipped to the canvas, at `transform`.
    pub fn new(painter: &'a egui::Painter, transform: CanvasTransform) -> Self {
        EguiPainter {
            painter,
            transform,
            clips: vec![painter.clip_rect().intersect(transform.screen_rect())],
        }
    }

    /// Replays recorded shapes.
    pub fn replay(&mut self, shapes: &[Shape]) {
        for shape in shapes {
            self.replay_one(shape);
        }
    }

    /// Replays the shapes of a frame that `plan` admits (see
    /// [`crate::budget`]).
    pub fn replay_planned(&mut self, shapes: &[Shape], plan: &crate::budget::FramePlan) {
        for (index, shape) in shapes.iter().enumerate() {
            if plan.admits(index) {
                self.replay_one(shape);
            }
        }
    }

    fn replay_one(&mut self, shape: &Shape) {
        {
            match shape {
                Shape::Circle {
                    center,
                    radius,
                    style,
                } => self.circle(*center, *radius, *style),
                Shape::Ellipse {
                    center,
                    radius_x,
                    radius_y,
                    style,
                } => self.ellipse(*center, *radius_x, *radius_y, *style),
                Shape::Polygon { points, style } => self.polygon(points, *style),
                Shape::Line { from, to, stroke } => self.line(*from, *to, *stroke),
                Shape::Rect { min, size, style } => self.rect(*min, *size, *style),
                Shape::RoundedRect {
                    min,
                    size,
                    radius,
                    style,
                } => self.rounded_rect(*min, *size, *radius, *style),
                Shape::Text {
                    pos,
                    anchor,
                    font_size,
                    color,
                    text,
                } => self.text(*pos, *anchor, *font_size, *color, text),
                Shape::PushClip { min, size } => self.push_clip(*min, *size),
                Shape::PopClip => self.pop_clip(),
            }
        }
    }

    fn add(&self, shape: egui::Shape) {
        let clip = *self.clips.last().expect("the canvas clip is never popped");
        self.painter.with_clip_rect(clip).add(shape);
    }

    fn stroke(&self, style: Style) -> EguiStroke {
        style.stroke.map_or(EguiStroke::NONE, |s| {
            EguiStroke::new(s.width * self.transform.scale, color(s.color))
        })
    }

    fn fill(style: Style) -> Color32 {
        style.fill.map_or(Color32::TRANSPARENT, color)
    }
}

impl Painter for EguiPainter<'_> {
    fn circle(&mut self, center: Point, radius: f32, style: Style) {
        let shape = egui::epaint::CircleShape {
            center: self.transform.to_screen(center),
            radius: radius * self.transform.scale,
            fill: Self::fill(style),
            stroke: self.stroke(style),
        };
        self.add(shape.into());
    }

    fn ellipse(&mut self, center: Point, radius_x: f32, radius_y: f32, style: Style) {
        let shape = egui::epaint::EllipseShape {
            center: self.transform.to_screen(center),
            radius: Vec2::new(radius_x, radius_y) * self.transform.scale,
            fill: Self::fill(style),
            stroke: self.stroke(style),
            angle: 0.0,
        };
        self.add(shape.into());
    }

    fn polygon(&mut self, points: &[Point], style: Style) {
        let points = points
            .iter()
            .map(|p| self.transform.to_screen(*p))
            .collect();
        self.add(egui::Shape::convex_polygon(
            points,
            Self::fill(style),
            self.stroke(style),
        ));
    }

    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        let s = EguiStroke::new(stroke.width * self.transform.scale, color(stroke.color));
        self.add(egui::Shape::line_segment(
            [self.transform.to_screen(from), self.transform.to_screen(to)],
            s,
        ));
    }

    fn rect(&mut self, min: Point, size: Point, style: Style) {
        self.rounded_rect(min, size, 0.0, style);
    }

    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        let rect = Rect::from_min_size(
            self.transform.to_screen(min),
            Vec2::new(size.x, size.y) * self.transform.scale,
        );
        // egui's corners are whole points up to 255.
        let corner = (radius * self.transform.scale).round().clamp(0.0, 255.0) as u8;
        self.add(egui::Shape::rect_filled(rect, corner, Self::fill(style)));
        if let Some(_s) = style.stroke {
            self.add(egui::Shape::rect_stroke(
                rect,
                corner,
                self.stroke(style),
                egui::StrokeKind::Middle,
            ));
        }
    }

    fn text(&mut self, pos: Point, anchor: Anchor, font_size: f32, c: Rgba, text: &str) {
        let align = match anchor {
            Anchor::TopLeft => egui::Align2::LEFT_TOP,
            Anchor::Center => egui::Align2::CENTER_CENTER,
        };
        let clip = *self.clips.last().expect("the canvas clip is never popped");
        // Never larger than the budget's largest glyph, in physical pixels.
        let pixels_per_point = self.painter.pixels_per_point();
        let size = (font_size * self.transform.scale)
            .min(crate::budget::MAX_SCREEN_FONT_PX / pixels_per_point);
        self.painter.with_clip_rect(clip).text(
            self.transform.to_screen(pos),
            align,
            text,
            egui::FontId::proportional(size),
            color(c),
        );
    }

    fn push_clip(&mut self, min: Point, size: Point) {
        let rect = Rect::from_min_size(
            self.transform.to_screen(min),
            Vec2::new(size.x, size.y) * self.transform.scale,
        );
        let current = *self.clips.last().expect("the canvas clip is never popped");
        self.clips.push(current.intersect(rect));
    }

    fn pop_clip(&mut self) {
        if self.clips.len() > 1 {
            self.clips.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_canvas_is_fitted_centred_and_maps_back() {
        let t = CanvasTransform::fit(
            Vec2::new(150.0, 117.0),
            Rect::from_min_size(Pos2::new(0.0, 20.0), Vec2::new(300.0, 300.0)),
        );
        assert_eq!(t.scale, 2.0);
        // 234 tall in a 300 tall area: 33 above and below.
        assert_eq!(t.origin, Pos2::new(0.0, 53.0));
        let p = Point::new(42.0, 17.5);
        assert_eq!(t.to_canvas(t.to_screen(p)), p);
    }
}
