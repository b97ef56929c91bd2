//! Rendering a game's drawing calls with egui, and mapping between the game's
//! canvas coordinates and the screen.

use crate::pictures::GamePictures;
use egui::{Color32, Pos2, Rect, Stroke as EguiStroke, Vec2};
use game_api::{
    Anchor, Painter, Picture, PictureSource, PictureStyle, Point, Rgba, Shape, Stroke, Style,
    TextStyle,
};

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
    /// The game's pictures as textures; without them pictures are skipped.
    pictures: Option<&'a mut GamePictures>,
    /// Shapes not yet given to egui, all clipped to `batch_clip`: given
    /// a batch at a time (one lock of egui's context for a batch, not one
    /// a shape; a card game draws over a thousand shapes a frame).
    batch: Vec<egui::Shape>,
    batch_clip: Rect,
    /// The last frame's shapes, reused for the commands sent again.
    converted: Option<&'a mut ConvertedShapes>,
}

/// The egui shapes a game's last frame was converted to, kept for the next
/// one: a frame that repeats most of the last (a dragged card changes only
/// its own few commands of a thousand) converts only what changed.
///
/// A command's shape is reused when the command, the canvas's transform
/// and the pixels per point are all what they were, so egui is given
/// exactly the shapes a conversion would give (a clip is applied as the
/// shape is given, so the clip may change). Texts and pictures are not
/// kept: their galleys and textures belong to egui's caches, which forget
/// what a frame did not ask for.
#[derive(Default)]
pub struct ConvertedShapes {
    /// The transform and pixels per point the entries were made at.
    made_at: Option<(CanvasTransform, f32)>,
    /// One per command of the last frame drawn; `None` for what is not kept.
    entries: Vec<Option<Converted>>,
    /// How many shapes the last frame drawn took from the one before.
    reused: usize,
}

impl ConvertedShapes {
    /// How many shapes the last frame drawn took from the one before it
    /// instead of converting them again.
    pub fn reused(&self) -> usize {
        self.reused
    }
}

/// One command's conversion.
struct Converted {
    command: Shape,
    shape: egui::Shape,
}

impl Drop for EguiPainter<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

impl<'a> EguiPainter<'a> {
    /// Paints into `painter`, clipped to the canvas, at `transform`.
    pub fn new(painter: &'a egui::Painter, transform: CanvasTransform) -> Self {
        EguiPainter {
            painter,
            transform,
            clips: vec![painter.clip_rect().intersect(transform.screen_rect())],
            pictures: None,
            batch: Vec::new(),
            batch_clip: Rect::NOTHING,
            converted: None,
        }
    }

    /// Keeps the shapes of what it draws in `converted`, and reuses those
    /// of the commands that are the same as last time.
    pub fn with_converted(mut self, converted: &'a mut ConvertedShapes) -> Self {
        let made_at = (self.transform, self.painter.pixels_per_point());
        if converted.made_at != Some(made_at) {
            converted.entries.clear();
            converted.made_at = Some(made_at);
        }
        self.converted = Some(converted);
        self
    }

    /// Draws pictures with the textures of `pictures`, made on first use.
    pub fn with_pictures(mut self, pictures: &'a mut GamePictures) -> Self {
        self.pictures = Some(pictures);
        self
    }

    /// Draws a recorded picture scaled into the rectangle at `min` of
    /// `size`, tinted and turned as `style` says.
    fn picture_source(
        &mut self,
        source: &PictureSource,
        min: Point,
        size: Point,
        style: PictureStyle,
    ) {
        let Some(pictures) = self.pictures.as_deref_mut() else {
            return;
        };
        let Some(texture) = pictures.texture(self.painter.ctx(), source) else {
            return;
        };
        let rect = Rect::from_min_size(
            self.transform.to_screen(min),
            Vec2::new(size.x, size.y) * self.transform.scale,
        );
        let clip = self.clip();
        let t = style.tint;
        let tint = Color32::from_rgba_unmultiplied(t.r, t.g, t.b, t.a);
        // The texture's corners, clockwise from its top-left; turned by
        // `q` quarter turns, the screen's corner `i` shows the texture's
        // corner `i - q`.
        let uvs = [
            Pos2::new(0.0, 0.0),
            Pos2::new(1.0, 0.0),
            Pos2::new(1.0, 1.0),
            Pos2::new(0.0, 1.0),
        ];
        let corners = [
            rect.left_top(),
            rect.right_top(),
            rect.right_bottom(),
            rect.left_bottom(),
        ];
        let q = usize::from(style.quarter_turns % 4);
        let mut mesh = egui::Mesh::with_texture(texture);
        for (i, corner) in corners.into_iter().enumerate() {
            mesh.vertices.push(egui::epaint::Vertex {
                pos: corner,
                uv: uvs[(i + 4 - q) % 4],
                color: tint,
            });
        }
        mesh.add_triangle(0, 1, 2);
        mesh.add_triangle(0, 2, 3);
        self.add_clipped(clip, egui::Shape::mesh(mesh));
    }

    /// Replays recorded shapes.
    pub fn replay(&mut self, shapes: &[Shape]) {
        self.replay_where(shapes, |_| true);
    }

    /// Replays the shapes of a frame that `plan` admits (see
    /// [`crate::budget`]).
    pub fn replay_planned(&mut self, shapes: &[Shape], plan: &crate::budget::FramePlan) {
        self.replay_where(shapes, |index| plan.admits(index));
    }

    /// Replays the shapes whose index `admits`.
    fn replay_where(&mut self, shapes: &[Shape], admits: impl Fn(usize) -> bool) {
        if let Some(converted) = self.converted.as_deref_mut() {
            converted.reused = 0;
        }
        for (index, shape) in shapes.iter().enumerate() {
            if !admits(index) {
                self.forget(index);
            } else if let Some(converted) = self.geometry_kept(index, shape) {
                self.add(converted);
            } else {
                self.replay_one(shape);
            }
        }
        if let Some(converted) = self.converted.as_deref_mut() {
            converted.entries.truncate(shapes.len());
        }
    }

    /// The egui shape of a geometric `command` at `index`: last frame's if
    /// it is the same command, else converted and kept.
    /// `None` for what is not geometry (texts, pictures, clips), which is
    /// replayed, and when nothing is kept.
    fn geometry_kept(&mut self, index: usize, command: &Shape) -> Option<egui::Shape> {
        let converted = self.converted.as_deref()?;
        if let Some(Some(kept)) = converted.entries.get(index)
            && kept.command == *command
        {
            let shape = kept.shape.clone();
            self.converted.as_deref_mut()?.reused += 1;
            return Some(shape);
        }
        let Some(shape) = self.geometry(command) else {
            self.forget(index);
            return None;
        };
        let entries = &mut self.converted.as_deref_mut()?.entries;
        if entries.len() <= index {
            entries.resize_with(index + 1, || None);
        }
        entries[index] = Some(Converted {
            command: command.clone(),
            shape: shape.clone(),
        });
        Some(shape)
    }

    /// Forgets what was kept for the command at `index`.
    fn forget(&mut self, index: usize) {
        if let Some(entry) = self
            .converted
            .as_deref_mut()
            .and_then(|c| c.entries.get_mut(index))
        {
            *entry = None;
        }
    }

    /// The egui shape of a geometric command (a circle, an ellipse, a
    /// polygon, a line, a rectangle), `None` for any other.
    fn geometry(&self, command: &Shape) -> Option<egui::Shape> {
        Some(match command {
            Shape::Circle {
                center,
                radius,
                style,
            } => self.circle_shape(*center, *radius, *style),
            Shape::Ellipse {
                center,
                radius_x,
                radius_y,
                style,
            } => self.ellipse_shape(*center, *radius_x, *radius_y, *style),
            Shape::Polygon { points, style } => self.polygon_shape(points, *style),
            Shape::Line { from, to, stroke } => self.line_shape(*from, *to, *stroke),
            Shape::Rect { min, size, style } => self.rounded_rect_shape(*min, *size, 0.0, *style),
            Shape::RoundedRect {
                min,
                size,
                radius,
                style,
            } => self.rounded_rect_shape(*min, *size, *radius, *style),
            _ => return None,
        })
    }

    /// The innermost clip.
    fn clip(&self) -> Rect {
        *self.clips.last().expect("the canvas clip is never popped")
    }

    fn replay_one(&mut self, shape: &Shape) {
        if let Some(converted) = self.geometry(shape) {
            self.add(converted);
            return;
        }
        match shape {
            Shape::Text {
                pos,
                anchor,
                font_size,
                color,
                text,
            } => self.text(*pos, *anchor, *font_size, *color, text),
            Shape::StyledText {
                pos,
                anchor,
                font_size,
                color,
                style,
                text,
            } => self.styled_text(*pos, *anchor, *font_size, *color, *style, text),
            Shape::Picture { source, min, size } => {
                self.picture_source(source, *min, *size, PictureStyle::PLAIN)
            }
            Shape::StyledPicture {
                source,
                min,
                size,
                style,
            } => self.picture_source(source, *min, *size, *style),
            Shape::PushClip { min, size } => self.push_clip(*min, *size),
            Shape::PopClip => self.pop_clip(),
            // Geometry: converted above.
            Shape::Circle { .. }
            | Shape::Ellipse { .. }
            | Shape::Polygon { .. }
            | Shape::Line { .. }
            | Shape::Rect { .. }
            | Shape::RoundedRect { .. } => {}
        }
    }

    fn add(&mut self, shape: egui::Shape) {
        self.add_clipped(self.clip(), shape);
    }

    /// Adds `shape`, clipped to `clip`, to the batch (a new one for a new
    /// clip).
    fn add_clipped(&mut self, clip: Rect, shape: egui::Shape) {
        if clip != self.batch_clip {
            self.flush();
            self.batch_clip = clip;
        }
        self.batch.push(shape);
    }

    /// Gives the batch to egui, in order.
    fn flush(&mut self) {
        if !self.batch.is_empty() {
            self.painter
                .with_clip_rect(self.batch_clip)
                .extend(std::mem::take(&mut self.batch));
        }
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

impl EguiPainter<'_> {
    fn circle_shape(&self, center: Point, radius: f32, style: Style) -> egui::Shape {
        egui::epaint::CircleShape {
            center: self.transform.to_screen(center),
            radius: radius * self.transform.scale,
            fill: Self::fill(style),
            stroke: self.stroke(style),
        }
        .into()
    }

    fn ellipse_shape(
        &self,
        center: Point,
        radius_x: f32,
        radius_y: f32,
        style: Style,
    ) -> egui::Shape {
        egui::epaint::EllipseShape {
            center: self.transform.to_screen(center),
            radius: Vec2::new(radius_x, radius_y) * self.transform.scale,
            fill: Self::fill(style),
            stroke: self.stroke(style),
            angle: 0.0,
        }
        .into()
    }

    fn polygon_shape(&self, points: &[Point], style: Style) -> egui::Shape {
        let points = points
            .iter()
            .map(|p| self.transform.to_screen(*p))
            .collect();
        let points = fewer_points(
            points,
            OUTLINE_TOLERANCE_PX / self.painter.pixels_per_point(),
        );
        egui::Shape::convex_polygon(points, Self::fill(style), self.stroke(style))
    }

    fn line_shape(&self, from: Point, to: Point, stroke: Stroke) -> egui::Shape {
        let s = EguiStroke::new(stroke.width * self.transform.scale, color(stroke.color));
        egui::Shape::line_segment(
            [self.transform.to_screen(from), self.transform.to_screen(to)],
            s,
        )
    }

    fn rounded_rect_shape(
        &self,
        min: Point,
        size: Point,
        radius: f32,
        style: Style,
    ) -> egui::Shape {
        let rect = Rect::from_min_size(
            self.transform.to_screen(min),
            Vec2::new(size.x, size.y) * self.transform.scale,
        );
        // egui's corners are whole points up to 255.
        let corner = (radius * self.transform.scale).round().clamp(0.0, 255.0) as u8;
        // One shape for the fill and its outline: egui then fills inside
        // the outline's ring, without a ring of anti-aliasing of the fill's
        // own under it (a third fewer triangles for a card).
        egui::Shape::Rect(egui::epaint::RectShape::new(
            rect,
            corner,
            Self::fill(style),
            self.stroke(style),
            egui::StrokeKind::Middle,
        ))
    }
}

impl Painter for EguiPainter<'_> {
    fn circle(&mut self, center: Point, radius: f32, style: Style) {
        self.add(self.circle_shape(center, radius, style));
    }

    fn ellipse(&mut self, center: Point, radius_x: f32, radius_y: f32, style: Style) {
        self.add(self.ellipse_shape(center, radius_x, radius_y, style));
    }

    fn polygon(&mut self, points: &[Point], style: Style) {
        self.add(self.polygon_shape(points, style));
    }

    fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        self.add(self.line_shape(from, to, stroke));
    }

    fn rect(&mut self, min: Point, size: Point, style: Style) {
        self.rounded_rect(min, size, 0.0, style);
    }

    fn rounded_rect(&mut self, min: Point, size: Point, radius: f32, style: Style) {
        self.add(self.rounded_rect_shape(min, size, radius, style));
    }

    fn text(&mut self, pos: Point, anchor: Anchor, font_size: f32, c: Rgba, text: &str) {
        self.styled_text(pos, anchor, font_size, c, TextStyle::PLAIN, text);
    }

    fn styled_text(
        &mut self,
        pos: Point,
        anchor: Anchor,
        font_size: f32,
        c: Rgba,
        style: TextStyle,
        text: &str,
    ) {
        let clip = self.clip();
        // Never larger than the budget's largest glyph, in physical pixels.
        let pixels_per_point = self.painter.pixels_per_point();
        let size = (font_size * self.transform.scale)
            .min(crate::budget::MAX_SCREEN_FONT_PX / pixels_per_point);
        let align = align(anchor);
        // The lines of a text of several lines line up on the anchor's side.
        let mut job = text_job(text, size, style, color(c));
        job.halign = align.x();
        let galley = self.painter.layout_job(job);
        let bold = bold_offset(size, style);
        let placed = align.anchor_size(
            self.transform.to_screen(pos),
            galley.size() + Vec2::new(bold, 0.0),
        );
        // A centred or right-aligned galley's rows start left of its origin.
        let origin = placed.min - galley.rect.min.to_vec2();
        if galley.is_empty() {
            return;
        }
        if bold > 0.0 {
            // No bold face in egui's fonts: the text again, a little right.
            let shape =
                egui::Shape::galley(origin + Vec2::new(bold, 0.0), galley.clone(), color(c));
            self.add_clipped(clip, shape);
        }
        self.add_clipped(clip, egui::Shape::galley(origin, galley, color(c)));
    }

    fn text_size(&mut self, font_size: f32, text: &str) -> Point {
        text_size(self.painter.ctx(), font_size, text)
    }

    fn styled_text_size(&mut self, font_size: f32, style: TextStyle, text: &str) -> Point {
        styled_text_size(self.painter.ctx(), font_size, style, text)
    }

    fn picture(&mut self, picture: Picture<'_>, min: Point, size: Point) {
        if let Some(source) = PictureSource::of(picture) {
            self.picture_source(&source, min, size, PictureStyle::PLAIN);
        }
    }

    fn styled_picture(
        &mut self,
        picture: Picture<'_>,
        min: Point,
        size: Point,
        style: PictureStyle,
    ) {
        if let Some(source) = PictureSource::of(picture) {
            self.picture_source(&source, min, size, style);
        }
    }

    fn push_clip(&mut self, min: Point, size: Point) {
        let rect = Rect::from_min_size(
            self.transform.to_screen(min),
            Vec2::new(size.x, size.y) * self.transform.scale,
        );
        let current = self.clip();
        self.clips.push(current.intersect(rect));
    }

    fn pop_clip(&mut self) {
        if self.clips.len() > 1 {
            self.clips.pop();
        }
    }
}

/// egui's alignment for a text anchor.
fn align(anchor: Anchor) -> egui::Align2 {
    use egui::Align2;
    match anchor {
        Anchor::TopLeft => Align2::LEFT_TOP,
        Anchor::Top => Align2::CENTER_TOP,
        Anchor::TopRight => Align2::RIGHT_TOP,
        Anchor::Left => Align2::LEFT_CENTER,
        Anchor::Center => Align2::CENTER_CENTER,
        Anchor::Right => Align2::RIGHT_CENTER,
        Anchor::BottomLeft => Align2::LEFT_BOTTOM,
        Anchor::Bottom => Align2::CENTER_BOTTOM,
        Anchor::BottomRight => Align2::RIGHT_BOTTOM,
    }
}

/// The size of `text` at `font_size` canvas pixels, measured with the font
/// the launcher draws it with (laid out at that size, so at scale 1; text
/// scales with the canvas, so the size holds at any scale up to rounding).
pub fn text_size(ctx: &egui::Context, font_size: f32, text: &str) -> Point {
    styled_text_size(ctx, font_size, TextStyle::PLAIN, text)
}

/// [`text_size`] in a style: monospace in egui's monospace font, italic
/// slanted (egui's italics), bold as drawn (twice, [`bold_offset`] apart).
pub fn styled_text_size(
    ctx: &egui::Context,
    font_size: f32,
    style: TextStyle,
    text: &str,
) -> Point {
    let job = text_job(text, font_size, style, Color32::BLACK);
    let galley = ctx.fonts_mut(|fonts| fonts.layout_job(job));
    Point::new(
        galley.size().x + bold_offset(font_size, style),
        galley.size().y,
    )
}

/// The layout of `text` at `size` points in `style`, unwrapped.
fn text_job(text: &str, size: f32, style: TextStyle, color: Color32) -> egui::text::LayoutJob {
    let font_id = if style.monospace {
        egui::FontId::monospace(size)
    } else {
        egui::FontId::proportional(size)
    };
    let mut job = egui::text::LayoutJob::default();
    job.append(
        text,
        0.0,
        egui::TextFormat {
            font_id,
            color,
            italics: style.italic,
            ..Default::default()
        },
    );
    job.wrap.max_width = f32::INFINITY;
    job
}

/// How far right bold text is drawn a second time (egui's default fonts
/// have no bold face): a twentieth of its size, at least half a point;
/// nothing for text that is not bold.
pub fn bold_offset(size: f32, style: TextStyle) -> f32 {
    if style.bold {
        (size / 20.0).max(0.5)
    } else {
        0.0
    }
}

/// A painter that records a game's drawing into `recording` and measures
/// its text with the launcher's fonts ([`text_size`]).
pub fn measuring_recorder<'a>(
    recording: &'a mut game_api::RecordingPainter,
    ctx: &'a egui::Context,
) -> game_api::MeasuringRecorder<'a, impl FnMut(f32, TextStyle, &str) -> Point + 'a> {
    game_api::MeasuringRecorder {
        recording,
        measure: move |font_size, style, text| styled_text_size(ctx, font_size, style, text),
    }
}

/// How far, in pixels, a polygon's outline may move when points are left
/// out of it: under a quarter of a pixel changes an edge pixel's coverage a
/// little and no shape.
const OUTLINE_TOLERANCE_PX: f32 = 0.2;

/// A closed outline with the points left out that lie within `tolerance`
/// of the straight line between the points kept around them.
///
/// A game draws a curved shape (a card's pip, a hex) with points enough for
/// its largest size; drawn small, most of them are closer together than a
/// pixel, and each costs egui three triangles (the fill and its
/// anti-aliased edge), which a software rasteriser sets up one by one.
fn fewer_points(points: Vec<Pos2>, tolerance: f32) -> Vec<Pos2> {
    /// The most points left out in a row.
    const MAX_RUN: usize = 12;
    // A polygon of a few points is its corners.
    if points.len() <= 8 {
        return points;
    }
    let n = points.len();
    let mut kept = Vec::with_capacity(n);
    kept.push(points[0]);
    let mut anchor = 0;
    for i in 1..n {
        // Point i may go if every point after the anchor up to it lies
        // near the line from the anchor to the point after it (a run of
        // at most `MAX_RUN` points, so a long outline costs linear time).
        let next = points[(i + 1) % n];
        let near = i - anchor <= MAX_RUN
            && (anchor + 1..=i).all(|j| {
                distance_sq_to_segment(points[j], points[anchor], next) <= tolerance * tolerance
            });
        if !near {
            kept.push(points[i]);
            anchor = i;
        }
    }
    kept
}

/// The square of the distance from `p` to the segment from `a` to `b`
/// (squared: `Pos2::distance` calls libm's careful `hypotf`, 3 % of a
/// card drag's CPU).
fn distance_sq_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let length_sq = ab.length_sq();
    if length_sq == 0.0 {
        return p.distance_sq(a);
    }
    let t = ((p - a).dot(ab) / length_sq).clamp(0.0, 1.0);
    p.distance_sq(a + ab * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outline_keeps_its_corners_and_loses_the_points_a_pixel_cannot_show() {
        let circle = |radius: f32, n: usize| -> Vec<Pos2> {
            (0..n)
                .map(|i| {
                    let a = std::f32::consts::TAU * i as f32 / n as f32;
                    Pos2::new(radius * a.cos(), radius * a.sin())
                })
                .collect()
        };
        // A circle 8 pixels across in 48 points: a quarter of them do.
        let small = fewer_points(circle(4.0, 48), 0.2);
        assert!(small.len() <= 16, "{} points", small.len());
        assert!(small.len() >= 8, "{} points", small.len());
        // Every point left out is within the tolerance of the outline kept.
        let outline = circle(4.0, 48);
        for p in &outline {
            let nearest = (0..small.len())
                .map(|i| distance_sq_to_segment(*p, small[i], small[(i + 1) % small.len()]).sqrt())
                .fold(f32::INFINITY, f32::min);
            assert!(nearest <= 0.2 + 1e-4, "{p:?} moved {nearest}");
        }
        // Large, every point matters.
        assert_eq!(fewer_points(circle(400.0, 48), 0.2).len(), 48);
        // A star's sharp points and a square's corners stay.
        let star: Vec<Pos2> = (0..10)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / 10.0;
                let r = if i % 2 == 0 { 10.0 } else { 4.0 };
                Pos2::new(r * a.cos(), r * a.sin())
            })
            .collect();
        assert_eq!(fewer_points(star.clone(), 0.2), star);
        let mut square = Vec::new();
        for k in 0..12 {
            square.push(Pos2::new(k as f32, 0.0));
        }
        square.extend([
            Pos2::new(12.0, 0.0),
            Pos2::new(12.0, 12.0),
            Pos2::new(0.0, 12.0),
        ]);
        assert_eq!(
            fewer_points(square, 0.2),
            vec![
                Pos2::new(0.0, 0.0),
                Pos2::new(12.0, 0.0),
                Pos2::new(12.0, 12.0),
                Pos2::new(0.0, 12.0)
            ]
        );
    }

    /// The egui shapes a painter gives for `frames` in turn, each frame at
    /// its transform, with `kept` carried from frame to frame or with none.
    fn painted(
        frames: &[(CanvasTransform, Vec<Shape>)],
        mut kept: Option<&mut ConvertedShapes>,
    ) -> Vec<(Vec<egui::epaint::ClippedShape>, usize)> {
        let ctx = egui::Context::default();
        frames
            .iter()
            .map(|(transform, shapes)| {
                let mut reused = 0;
                let output = ctx.run_ui(egui::RawInput::default(), |ui| {
                    let mut painter = EguiPainter::new(ui.painter(), *transform);
                    if let Some(kept) = kept.as_deref_mut() {
                        painter = painter.with_converted(kept);
                    }
                    painter.replay(shapes);
                    drop(painter);
                    reused = kept.as_deref().map_or(0, ConvertedShapes::reused);
                });
                (output.shapes, reused)
            })
            .collect()
    }

    #[test]
    fn a_frame_drawn_with_the_last_ones_shapes_is_the_frame_converted_afresh() {
        use game_api::{BLACK, WHITE};
        let card = |x: f32| Shape::RoundedRect {
            min: Point::new(x, 40.0),
            size: Point::new(30.0, 45.0),
            radius: 3.0,
            style: Style {
                fill: Some(WHITE),
                stroke: Some(Stroke {
                    width: 1.0,
                    color: BLACK,
                }),
            },
        };
        let pip: Vec<Point> = (0..24)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / 24.0;
                Point::new(20.0 + 6.0 * a.cos(), 20.0 + 6.0 * a.sin())
            })
            .collect();
        let clipped = |side: f32| {
            vec![
                Shape::PushClip {
                    min: Point::new(0.0, 0.0),
                    size: Point::new(side, side),
                },
                Shape::Circle {
                    center: Point::new(20.0, 20.0),
                    radius: 15.0,
                    style: Style::solid(Rgba::rgb(200, 0, 0)),
                },
                Shape::PopClip,
            ]
        };
        let table = |moved: f32, clip_side: f32| -> Vec<Shape> {
            let mut shapes = vec![Shape::Rect {
                min: Point::new(0.0, 0.0),
                size: Point::new(200.0, 100.0),
                style: Style::solid(Rgba::rgb(0, 100, 0)),
            }];
            shapes.extend(clipped(clip_side));
            shapes.extend([
                Shape::Polygon {
                    points: pip.clone(),
                    style: Style::solid(BLACK),
                },
                Shape::Text {
                    pos: Point::new(50.0, 10.0),
                    anchor: Anchor::TopLeft,
                    font_size: 12.0,
                    color: BLACK,
                    text: "5 deals left".into(),
                },
                Shape::Line {
                    from: Point::new(0.0, 95.0),
                    to: Point::new(200.0, 95.0),
                    stroke: Stroke {
                        width: 2.0,
                        color: BLACK,
                    },
                },
                card(10.0),
                card(moved),
            ]);
            shapes
        };
        let at = |scale: f32| CanvasTransform {
            origin: Pos2::new(5.0, 25.0),
            scale,
            canvas: Vec2::new(200.0, 100.0),
        };
        let frames = vec![
            (at(1.0), table(60.0, 100.0)),
            // A card dragged: only the last command changed.
            (at(1.0), table(70.0, 100.0)),
            // The same circle in a smaller clip.
            (at(1.0), table(70.0, 30.0)),
            // The window resized.
            (at(1.5), table(70.0, 30.0)),
            // A command less.
            (at(1.5), table(70.0, 30.0)[..8].to_vec()),
            // Shifted by one: each command where another was.
            (at(1.5), table(70.0, 30.0)[1..].to_vec()),
        ];
        let mut kept = ConvertedShapes::default();
        let with_kept = painted(&frames, Some(&mut kept));
        let afresh = painted(&frames, None);
        for (index, ((kept_shapes, _), (fresh_shapes, _))) in
            with_kept.iter().zip(&afresh).enumerate()
        {
            assert_eq!(kept_shapes, fresh_shapes, "frame {index}");
        }
        let reused: Vec<usize> = with_kept.iter().map(|(_, reused)| *reused).collect();
        // Frame 1 converts only the moved card; frame 2 nothing (the
        // circle's clip is applied as it is drawn); frames 3 and 5
        // everything; frame 4 nothing.
        assert_eq!(reused, [0, 5, 6, 0, 5, 0]);
    }

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
