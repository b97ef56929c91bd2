//! What changed between two frames of a window: the region to paint again.
//!
//! A frame of egui is a list of shapes. Most frames differ from the last in
//! a few of them (a button under the pointer, a card dragged, a clock), yet
//! a renderer paints the whole window each time: on a software rasteriser
//! (Mesa's llvmpipe, a virtual machine, an old laptop) that is most of a
//! frame's cost. [`Frames`] keeps the last frame's shapes and says which
//! region of the window the new ones change ([`Damage`]); [`within`] keeps
//! only the shapes that paint in that region, clipped to it, so a renderer
//! that kept the last frame's pixels paints the region alone and ends with
//! the same pixels as a whole repaint.
//!
//! ```
//! use egui::{Color32, Rect, Shape, epaint::ClippedShape, pos2};
//! use frame_damage::{Damage, Frames};
//!
//! let screen = Rect::from_min_max(pos2(0.0, 0.0), pos2(200.0, 100.0));
//! let dot = |colour| ClippedShape::new(screen, Shape::circle_filled(pos2(50.0, 50.0), 10.0, colour));
//! let mut frames = Frames::default();
//! let first = vec![dot(Color32::RED)];
//! assert_eq!(frames.damage(&first, [200, 100], 1.0, false), Damage::Whole);
//! frames.remember(first.clone(), [200, 100], 1.0);
//! assert_eq!(frames.damage(&first, [200, 100], 1.0, false), Damage::Nothing);
//! let Damage::Regions(regions) = frames.damage(&[dot(Color32::BLUE)], [200, 100], 1.0, false) else {
//!     panic!("regions");
//! };
//! let region = regions[0];
//! assert!(region.contains_rect(Rect::from_center_size(pos2(50.0, 50.0), egui::vec2(20.0, 20.0))));
//! assert!(region.width() < 30.0);
//! ```

use egui::epaint::ClippedShape;
use egui::{Rect, Shape};

/// Pixels added around a changed shape's bounds: anti-aliasing feathers an
/// edge by about a pixel past the shape, and a glyph may overhang its box.
const MARGIN_PX: f32 = 2.0;

/// At most this many regions: past it, the two whose union adds least are
/// painted as one.
const MAX_REGIONS: usize = 8;

/// Between the frames' common beginning and end, at most this many shapes
/// differing from the shape at the same place in the other frame are taken
/// as changed in place; more, and the frames' shapes are matched (see
/// [`Frames::damage`]).
const IN_PLACE_CHANGES: usize = 2;

/// Two regions are painted as one when that paints at most this many
/// pixels more than the two (each region costs a clear, a pass over the
/// shapes and a copy to the window).
const MERGE_SLACK_PX: f32 = 48.0 * 48.0;

/// What a new frame changes of the window.
#[derive(Clone, Debug, PartialEq)]
pub enum Damage {
    /// Nothing: the window shows the last frame's pixels.
    Nothing,
    /// These regions, in points, on whole pixels: paint them alone (each
    /// gives the right pixels by itself, overlapping or not). A status
    /// line and a button far apart are two small regions, not one that
    /// spans the window.
    Regions(Vec<Rect>),
    /// The whole window (the first frame, a new size or scale, a texture
    /// that changed, or a change over most of it).
    Whole,
}

/// What a new frame changes ([`Frames::changes`]): where, and within which
/// clip rectangles its changed shapes were drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Changes {
    /// The region to paint again.
    pub damage: Damage,
    /// The clip rectangles of the shapes that came, went or changed, each
    /// once; `None` when the frame is new as a whole (the first, a new
    /// size or scale, a texture changed).
    pub clips: Option<Vec<Rect>>,
}

impl Changes {
    /// Whether every shape that changed was clipped to one of `areas`
    /// (true when nothing changed). A window that paints some area itself,
    /// and asks for a frame whenever it changes there (a game's canvas),
    /// needs no second pass of egui "to let things settle" after a frame
    /// that changed only that area: the same pass again would show the
    /// same. A tooltip or a menu over the area is clipped to the screen,
    /// not to the area, so it counts as a change outside it.
    pub fn clipped_within(&self, areas: &[Rect]) -> bool {
        self.damage == Damage::Nothing
            || self.clips.as_ref().is_some_and(|clips| {
                clips
                    .iter()
                    .all(|clip| areas.iter().any(|area| area.contains_rect(*clip)))
            })
    }
}

/// The last frame painted in one window.
#[derive(Debug, Default)]
pub struct Frames {
    last: Option<Last>,
}

#[derive(Debug)]
struct Last {
    shapes: Vec<ClippedShape>,
    size_px: [u32; 2],
    pixels_per_point: f32,
}

impl Frames {
    /// What `shapes` change of the last frame [`Frames::remember`]ed, in a
    /// window of `size_px` pixels at `pixels_per_point`.
    /// `textures_changed`: a texture was set or freed since (a picture's
    /// pixels may have changed under the same shapes).
    pub fn damage(
        &self,
        shapes: &[ClippedShape],
        size_px: [u32; 2],
        pixels_per_point: f32,
        textures_changed: bool,
    ) -> Damage {
        self.changes(shapes, size_px, pixels_per_point, textures_changed)
            .damage
    }

    /// [`Frames::damage`], and the clip rectangles of the shapes that
    /// changed ([`Changes::clipped_within`]).
    pub fn changes(
        &self,
        shapes: &[ClippedShape],
        size_px: [u32; 2],
        pixels_per_point: f32,
        textures_changed: bool,
    ) -> Changes {
        let anywhere = Changes {
            damage: Damage::Whole,
            clips: None,
        };
        let Some(last) = &self.last else {
            return anywhere;
        };
        if textures_changed
            || last.size_px != size_px
            || last.pixels_per_point != pixels_per_point
            || size_px.contains(&0)
        {
            return anywhere;
        }
        let mut changed = Regions::new(size_px, pixels_per_point);
        // What lies between the frames' common beginning and common end.
        let prefix = last
            .shapes
            .iter()
            .zip(shapes)
            .take_while(|(old, new)| same(old, new))
            .count();
        let room = last.shapes.len().min(shapes.len()) - prefix;
        let suffix = last
            .shapes
            .iter()
            .rev()
            .zip(shapes.iter().rev())
            .take(room)
            .take_while(|(old, new)| same(old, new))
            .count();
        let old = &last.shapes[prefix..last.shapes.len() - suffix];
        let new = &shapes[prefix..shapes.len() - suffix];
        let in_place = old.len() == new.len()
            && old
                .iter()
                .zip(new)
                .filter(|(old, new)| !same(old, new))
                .count()
                <= IN_PLACE_CHANGES;
        if in_place {
            // The usual frame: the same widgets, a few drawn differently.
            changed.add_changes(old.iter().zip(new));
        } else {
            // Shapes came or went (a card dealt, a menu opened), or moved
            // in the list (a card picked up, drawn last): the two frames'
            // shapes matched in order, as many as can be (a longest common
            // subsequence, by a fingerprint of each). A pixel that no
            // shape left unmatched covers is painted by the same shapes in
            // the same order in both frames: only the unmatched shapes
            // change pixels, wherever they lie in the list. (Matching
            // shape to shape in place would take every shape between the
            // first change and the last.)
            let old_keys: Vec<u64> = old.iter().map(fingerprint).collect();
            let new_keys: Vec<u64> = new.iter().map(fingerprint).collect();
            let ops = similar::capture_diff_slices(similar::Algorithm::Myers, &old_keys, &new_keys);
            for op in ops {
                if let similar::DiffOp::Equal {
                    old_index,
                    new_index,
                    len,
                } = op
                {
                    // A fingerprint says where a shape paints, not all it
                    // paints: the matched shapes are compared whole.
                    changed.add_changes(
                        old[old_index..old_index + len]
                            .iter()
                            .zip(&new[new_index..new_index + len]),
                    );
                } else {
                    for shape in old[op.old_range()].iter().chain(&new[op.new_range()]) {
                        changed.add_shape(shape);
                    }
                }
            }
        }
        let clips = Some(changed.clips.clone());
        Changes {
            damage: changed.damage(),
            clips,
        }
    }

    /// Keeps `shapes` as the frame now shown.
    pub fn remember(
        &mut self,
        shapes: Vec<ClippedShape>,
        size_px: [u32; 2],
        pixels_per_point: f32,
    ) {
        self.last = Some(Last {
            shapes,
            size_px,
            pixels_per_point,
        });
    }

    /// Forgets the last frame: the next is painted whole.
    pub fn forget(&mut self) {
        self.last = None;
    }
}

/// Whether two shapes are equal (`==`), told faster for texts: a text laid
/// out again is the same galley, shared from egui's cache, so its rows and
/// glyphs need not be compared one by one.
fn same(old: &ClippedShape, new: &ClippedShape) -> bool {
    // Every field named, so a field egui adds is not left out.
    let ClippedShape {
        clip_rect,
        shape,
        transform_after_tessellation,
    } = old;
    *clip_rect == new.clip_rect
        && *transform_after_tessellation == new.transform_after_tessellation
        && match (shape, &new.shape) {
            (egui::Shape::Text(old), egui::Shape::Text(new)) => same_text(old, new),
            (old, new) => old == new,
        }
}

/// [`same`] for two texts.
fn same_text(old: &egui::epaint::TextShape, new: &egui::epaint::TextShape) -> bool {
    let egui::epaint::TextShape {
        pos,
        galley,
        underline,
        fallback_color,
        override_text_color,
        opacity_factor,
        angle,
    } = old;
    *pos == new.pos
        && (std::sync::Arc::ptr_eq(galley, &new.galley) || **galley == *new.galley)
        && *underline == new.underline
        && *fallback_color == new.fallback_color
        && *override_text_color == new.override_text_color
        && *opacity_factor == new.opacity_factor
        && *angle == new.angle
}

/// A shape's fingerprint: its kind, its clip and where it paints. Equal
/// shapes have equal fingerprints; shapes with equal fingerprints may
/// still differ (a colour), and are compared whole once matched.
fn fingerprint(clipped: &ClippedShape) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut hasher = std::hash::DefaultHasher::new();
    std::mem::discriminant(&clipped.shape).hash(&mut hasher);
    for rect in [clipped.clip_rect, bounds(clipped)] {
        for v in [rect.min.x, rect.min.y, rect.max.x, rect.max.y] {
            v.to_bits().hash(&mut hasher);
        }
    }
    hasher.finish()
}

/// Where a shape paints, in points: its bounds, clipped, after its
/// transform. A shape whose bounds are unknown paints anywhere in its clip;
/// one that paints nothing (egui's bounds of a shape with no fill and no
/// stroke, [`Rect::NOTHING`]) paints nowhere.
fn bounds(clipped: &ClippedShape) -> Rect {
    bounds_within(clipped, clipped.clip_rect)
}

/// [`bounds`] with `clip` for the shape's own clip.
fn bounds_within(clipped: &ClippedShape, clip: Rect) -> Rect {
    let shape_rect = match &clipped.shape {
        Shape::Noop => return Rect::NOTHING,
        shape => shape.visual_bounding_rect(),
    };
    if shape_rect.min.x > shape_rect.max.x || shape_rect.min.y > shape_rect.max.y {
        return Rect::NOTHING;
    }
    let rect = if shape_rect.is_finite() {
        clipped.transform_after_tessellation.mul_rect(shape_rect)
    } else {
        clip
    };
    rect.intersect(clip)
}

/// The changed places of a frame, gathered into a few regions in pixels.
struct Regions {
    size_px: [f32; 2],
    pixels_per_point: f32,
    rects: Vec<Rect>,
    /// The clip rectangles of the shapes that changed, each once.
    clips: Vec<Rect>,
}

impl Regions {
    fn new(size_px: [u32; 2], pixels_per_point: f32) -> Self {
        Self {
            size_px: size_px.map(|n| n as f32),
            pixels_per_point,
            rects: Vec::new(),
            clips: Vec::new(),
        }
    }

    /// Adds the places of the shapes of each pair that differ: where the
    /// old one painted and where the new one paints.
    fn add_changes<'a>(
        &mut self,
        pairs: impl Iterator<Item = (&'a ClippedShape, &'a ClippedShape)>,
    ) {
        for (old, new) in pairs {
            if !same(old, new) {
                self.add_shape(old);
                self.add_shape(new);
            }
        }
    }

    /// Adds the place of a shape that came, went or changed, and its clip.
    fn add_shape(&mut self, shape: &ClippedShape) {
        if !self.clips.contains(&shape.clip_rect) {
            self.clips.push(shape.clip_rect);
        }
        self.add(bounds(shape));
    }

    /// Adds a changed place, in points: grown by the margin, out to whole
    /// pixels, inside the window; into a region it (nearly) lies in.
    fn add(&mut self, changed: Rect) {
        if !changed.is_positive() || !changed.is_finite() {
            return;
        }
        let [width, height] = self.size_px;
        let px = |v: f32| v * self.pixels_per_point;
        let rect = Rect::from_min_max(
            egui::pos2(
                (px(changed.min.x) - MARGIN_PX).floor().clamp(0.0, width),
                (px(changed.min.y) - MARGIN_PX).floor().clamp(0.0, height),
            ),
            egui::pos2(
                (px(changed.max.x) + MARGIN_PX).ceil().clamp(0.0, width),
                (px(changed.max.y) + MARGIN_PX).ceil().clamp(0.0, height),
            ),
        );
        if !rect.is_positive() {
            return;
        }
        match self.rects.iter().position(|r| worth_merging(*r, rect)) {
            Some(i) => self.rects[i] |= rect,
            None => self.rects.push(rect),
        }
        if self.rects.len() > MAX_REGIONS {
            self.merge_cheapest();
        }
    }

    /// Merges the two regions whose union adds the fewest pixels.
    fn merge_cheapest(&mut self) {
        let mut best = (f32::INFINITY, 0, 1);
        for i in 0..self.rects.len() {
            for j in i + 1..self.rects.len() {
                let added = added_area(self.rects[i], self.rects[j]);
                if added < best.0 {
                    best = (added, i, j);
                }
            }
        }
        let (_, i, j) = best;
        let merged = self.rects.swap_remove(j);
        self.rects[i] |= merged;
    }

    /// The damage: regions merged where worth it, in points; the whole
    /// window when they cover most of it.
    fn damage(mut self) -> Damage {
        // A merge grows a region, which may make it worth merging with
        // another: until none is.
        while let Some((i, j)) = (0..self.rects.len())
            .flat_map(|i| (i + 1..self.rects.len()).map(move |j| (i, j)))
            .find(|&(i, j)| worth_merging(self.rects[i], self.rects[j]))
        {
            let merged = self.rects.swap_remove(j);
            self.rects[i] |= merged;
        }
        if self.rects.is_empty() {
            return Damage::Nothing;
        }
        // Past half the window, painting it all costs about the same and
        // needs no sorting out.
        let [width, height] = self.size_px;
        if self.rects.iter().map(|r| r.area()).sum::<f32>() > 0.5 * width * height {
            return Damage::Whole;
        }
        let to_points = |v: egui::Pos2| (v.to_vec2() / self.pixels_per_point).to_pos2();
        Damage::Regions(
            self.rects
                .iter()
                .map(|r| Rect::from_min_max(to_points(r.min), to_points(r.max)))
                .collect(),
        )
    }
}

/// How many pixels painting `a` and `b` as one paints more than the two.
fn added_area(a: Rect, b: Rect) -> f32 {
    let overlap = a.intersect(b);
    let overlap = if overlap.is_positive() {
        overlap.area()
    } else {
        0.0
    };
    a.union(b).area() - (a.area() + b.area() - overlap)
}

/// Whether `a` and `b` are better painted as one region.
fn worth_merging(a: Rect, b: Rect) -> bool {
    a.intersects(b) || added_area(a, b) <= MERGE_SLACK_PX
}

/// The shapes of a frame that paint in `region`, each clipped to it, in
/// their order: painted over the last frame's pixels with the region
/// cleared first, they give the pixels a whole repaint gives there. A
/// shape whose bounds end just outside the region is among them: a sharp
/// corner's mitre, a glyph or anti-aliasing may reach past its bounds.
pub fn within(shapes: Vec<ClippedShape>, region: Rect) -> Vec<ClippedShape> {
    shapes
        .into_iter()
        .filter(|clipped| reaches(clipped, region))
        .map(|mut clipped| {
            clipped.clip_rect = clipped.clip_rect.intersect(region);
            clipped
        })
        .collect()
}

/// The shapes that may paint in `region`, in their order, none left out
/// for what covers it (a renderer whose edges differ from egui's
/// tessellation cannot know what an opaque rectangle hides of them).
pub fn reaching(shapes: &[ClippedShape], region: Rect) -> impl Iterator<Item = &ClippedShape> {
    shapes
        .iter()
        .filter(move |clipped| reaches(clipped, region))
}

/// Whether `clipped` may paint in `region`.
fn reaches(clipped: &ClippedShape, region: Rect) -> bool {
    bounds(clipped).expand(MARGIN_PX).intersects(region)
}

/// At most this many opaque rectangles are kept while [`to_paint_in`]
/// walks a region's shapes: the first met, painted last, as later shapes
/// hide earlier ones.
const MAX_COVERS: usize = 64;

/// The shapes of a frame to paint in `region`, in their order, each with
/// its own clip: those that may paint there ([`within`]), less those that
/// later opaque rectangles hide there wholly. In a column of cards each
/// card covers all but a strip of the one before, so a region across the
/// column would otherwise paint every pip, glyph and lattice line of every
/// card under it. What is left paints the same pixels: an opaque fill
/// replaces what lies under it, and only its inside is taken, short of its
/// rounded corners, its stroke and a pixel of anti-aliasing.
///
/// Tessellate them as in a whole frame, then cut the primitives' clips to
/// the region: egui leaves out a shape whose bounds miss its clip, though
/// a sharp corner's mitre may reach past them, so a shape cut to a region
/// it touches could lose a pixel that a whole frame paints.
pub fn to_paint_in(
    shapes: &[ClippedShape],
    region: Rect,
    pixels_per_point: f32,
) -> Vec<ClippedShape> {
    to_paint_in_covered(shapes, region, pixels_per_point).shapes
}

/// [`to_paint_in`], with the opaque rectangles painted after each shape
/// in the region, to leave out the triangles of its tessellation that
/// they hide ([`ToPaint::cull_hidden`]).
pub fn to_paint_in_covered(
    shapes: &[ClippedShape],
    region: Rect,
    pixels_per_point: f32,
) -> ToPaint {
    let cut: Vec<(&ClippedShape, Rect)> = shapes
        .iter()
        .filter(|clipped| reaches(clipped, region))
        .map(|clipped| (clipped, clipped.clip_rect.intersect(region)))
        .collect();
    let (covers, after) = shown(&cut, pixels_per_point, 1.0);
    let (shapes, covers_after) = cut
        .into_iter()
        .zip(after)
        .filter_map(|((shape, _), after)| after.map(|after| (shape.clone(), after)))
        .unzip();
    ToPaint {
        shapes,
        covers,
        covers_after,
    }
}

/// The shapes that may paint in `region`, in their order, less those that
/// later opaque rectangles hide there wholly ([`to_paint_in`]), for a
/// renderer whose edges are not egui's (`tiny-skia`, which rounds a
/// rectangle to pixels and anti-aliases it its own way): its covers are
/// taken a pixel further inside, where that renderer's pixels are surely
/// the rectangle's opaque fill, so what they hide changes no pixel of the
/// region. Each shape keeps its own clip.
pub fn reaching_shown(
    shapes: &[ClippedShape],
    region: Rect,
    pixels_per_point: f32,
) -> Vec<&ClippedShape> {
    let cut: Vec<(&ClippedShape, Rect)> = shapes
        .iter()
        .filter(|clipped| reaches(clipped, region))
        .map(|clipped| (clipped, clipped.clip_rect.intersect(region)))
        .collect();
    let (_, after) = shown(&cut, pixels_per_point, 1.0 + 1.0 / pixels_per_point);
    cut.into_iter()
        .zip(after)
        .filter_map(|((shape, _), after)| after.map(|_| shape))
        .collect()
}

/// The shapes to paint in a region ([`to_paint_in_covered`]) and the
/// opaque rectangles painted after each there.
pub struct ToPaint {
    /// The shapes, in their order, each with its own clip.
    pub shapes: Vec<ClippedShape>,
    /// The covers met walking the region's shapes from the last.
    covers: Vec<Cover>,
    /// For each shape, how many of `covers` were painted after it.
    covers_after: Vec<usize>,
}

impl ToPaint {
    /// Leaves out of `mesh`, the tessellation of shape `index` (in points,
    /// as the shapes), the triangles that rectangles painted after it
    /// cover wholly. A covered card's body is mostly rings of
    /// anti-aliasing and corners under the cards after it, which a
    /// software rasteriser sets up however little of them shows. The
    /// vertices stay ([`cull_outside`] drops those no triangle uses).
    pub fn cull_hidden(&self, index: usize, mesh: &mut egui::Mesh) {
        let covers = &self.covers[..self.covers_after[index]];
        if covers.is_empty() {
            return;
        }
        let vertices = &mesh.vertices;
        let mut kept = Vec::with_capacity(mesh.indices.len());
        for triangle in mesh.indices.chunks_exact(3) {
            let corners = [0, 1, 2].map(|i| vertices[triangle[i] as usize].pos);
            let bounds = Rect::from_points(&corners);
            if !covers.iter().any(|cover| cover.hides(bounds)) {
                kept.extend_from_slice(triangle);
            }
        }
        mesh.indices = kept;
    }
}

/// The covers met walking `shapes` (each with the clip it is painted
/// with) from the last (each shape's opaque inside, `inset` points past
/// its stroke, if any, [`MAX_COVERS`] at most), and for each shape
/// whether any of it shows within its clip under the covers after it: if
/// so, how many of the covers were after it.
fn shown(
    shapes: &[(&ClippedShape, Rect)],
    pixels_per_point: f32,
    inset: f32,
) -> (Vec<Cover>, Vec<Option<usize>>) {
    let mut covers: Vec<Cover> = Vec::new();
    let mut shown = vec![None; shapes.len()];
    for (index, &(clipped, clip)) in shapes.iter().enumerate().rev() {
        // With the margin a glyph may overhang its box by, and feathering,
        // within the pixels its clip lets it paint.
        let visible = bounds_within(clipped, clip)
            .expand(MARGIN_PX / pixels_per_point)
            .intersect(scissor(clip, pixels_per_point, true));
        if !visible.is_positive() || covers.iter().any(|cover| cover.hides(visible)) {
            continue;
        }
        shown[index] = Some(covers.len());
        if covers.len() < MAX_COVERS
            && let Some(cover) = Cover::of(clipped, clip, pixels_per_point, inset)
        {
            covers.push(cover);
        }
    }
    (covers, shown)
}

/// Where a shape surely paints opaque, within its clip: the inside of an
/// unturned rectangle filled with an opaque colour (not a texture, not
/// blurred), short of its stroke and an inset (a pixel of feathering and
/// of rounding to pixels), without its rounded corners.
struct Cover {
    inside: Rect,
    /// The squares at the corners whose rounding may leave points out.
    corners: [Rect; 4],
}

impl Cover {
    /// The cover of `clipped`, painted within `clip`, `inset` points
    /// inside its stroke; `None` for every other kind of shape.
    fn of(clipped: &ClippedShape, clip: Rect, pixels_per_point: f32, inset: f32) -> Option<Cover> {
        let Shape::Rect(shape) = &clipped.shape else {
            return None;
        };
        let plain = shape.fill.is_opaque()
            && shape.brush.is_none()
            && shape.blur_width == 0.0
            && shape.angle == 0.0
            && clipped.transform_after_tessellation == egui::emath::TSTransform::IDENTITY;
        if !plain {
            return None;
        }
        // A stroke drawn inside, and a pixel of feathering and of
        // rounding to pixels.
        let inside = shape
            .rect
            .shrink(shape.stroke.width + inset)
            .intersect(scissor(clip, pixels_per_point, false));
        if !inside.is_positive() {
            return None;
        }
        let r = shape.rect;
        let radius = shape.corner_radius;
        let square = |x: f32, y: f32, radius: u8, dx: f32, dy: f32| {
            let side = f32::from(radius) + inset;
            Rect::from_two_pos(egui::pos2(x, y), egui::pos2(x + dx * side, y + dy * side))
        };
        Some(Cover {
            inside,
            corners: [
                square(r.min.x, r.min.y, radius.nw, 1.0, 1.0),
                square(r.max.x, r.min.y, radius.ne, -1.0, 1.0),
                square(r.min.x, r.max.y, radius.sw, 1.0, -1.0),
                square(r.max.x, r.max.y, radius.se, -1.0, -1.0),
            ],
        })
    }

    /// Whether every point of `rect` is under the cover.
    fn hides(&self, rect: Rect) -> bool {
        self.inside.contains_rect(rect) && !self.corners.iter().any(|c| c.intersects(rect))
    }
}

/// The pixels a clip rectangle lets a shape paint, in points, at most
/// (`outer`) or at least (not `outer`): egui's painters scissor to the clip
/// rounded to whole pixels, and an edge on a half pixel rounds either way
/// in a frame painted upside down.
fn scissor(clip: Rect, pixels_per_point: f32, outer: bool) -> Rect {
    let px = |v: f32, up: bool| {
        let v = v * pixels_per_point;
        (if up { v.ceil() } else { v.floor() }) / pixels_per_point
    };
    Rect::from_min_max(
        egui::pos2(px(clip.min.x, !outer), px(clip.min.y, !outer)),
        egui::pos2(px(clip.max.x, outer), px(clip.max.y, outer)),
    )
}

/// Leaves out of `mesh` the triangles that lie wholly outside `region` (in
/// points, as the mesh), and the vertices only they used: the scissor
/// would keep them from painting, but a software rasteriser still sets up
/// every triangle it is given, and the shapes that reach a small region
/// are often large (a column of cards whose edge it crosses brings every
/// corner and glyph of them: thousands of triangles for a few thousand
/// pixels).
pub fn cull_outside(mesh: &mut egui::Mesh, region: Rect) {
    // A pixel's worth of slack: the scissor clips exactly.
    let region = region.expand(1.0);
    let mut kept_vertices = Vec::new();
    let mut new_index = vec![u32::MAX; mesh.vertices.len()];
    let mut indices = Vec::with_capacity(mesh.indices.len());
    for triangle in mesh.indices.chunks_exact(3) {
        let corners = [0, 1, 2].map(|i| mesh.vertices[triangle[i] as usize].pos);
        let bounds = Rect::from_points(&corners);
        if !bounds.intersects(region) {
            continue;
        }
        for &old in triangle {
            let slot = &mut new_index[old as usize];
            if *slot == u32::MAX {
                *slot = kept_vertices.len() as u32;
                kept_vertices.push(mesh.vertices[old as usize]);
            }
            indices.push(*slot);
        }
    }
    mesh.vertices = kept_vertices;
    mesh.indices = indices;
}

/// A region in points as the scissor rectangle of a window `height_px`
/// pixels high: x and y from the bottom left, width, height, in pixels.
pub fn scissor_px(region: Rect, pixels_per_point: f32, height_px: u32) -> [i32; 4] {
    let px = |v: f32| (v * pixels_per_point).round() as i32;
    let (min_x, min_y, max_x, max_y) = (
        px(region.min.x),
        px(region.min.y),
        px(region.max.x),
        px(region.max.y),
    );
    [
        min_x,
        height_px as i32 - max_y,
        max_x - min_x,
        max_y - min_y,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Color32, Stroke, pos2, vec2};

    const SIZE: [u32; 2] = [400, 300];

    fn screen() -> Rect {
        Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 300.0))
    }

    fn square(x: f32, y: f32, colour: Color32) -> ClippedShape {
        ClippedShape::new(
            screen(),
            Shape::rect_filled(
                Rect::from_min_size(pos2(x, y), vec2(20.0, 20.0)),
                0.0,
                colour,
            ),
        )
    }

    fn one_region(damage: Damage) -> Rect {
        match damage {
            Damage::Regions(regions) if regions.len() == 1 => regions[0],
            other => panic!("one region, not {other:?}"),
        }
    }

    fn shown(shapes: &[ClippedShape]) -> Frames {
        let mut frames = Frames::default();
        frames.remember(shapes.to_vec(), SIZE, 1.0);
        frames
    }

    /// A card dragged over a canvas changes only shapes clipped to the
    /// canvas; a tooltip over the canvas, clipped to the screen, and a
    /// button beside it do not count as the canvas's.
    #[test]
    fn the_changes_tell_whether_they_lie_within_a_clip_area() {
        let canvas = Rect::from_min_size(pos2(100.0, 50.0), vec2(200.0, 200.0));
        let on_canvas = |x: f32, colour| ClippedShape {
            clip_rect: canvas,
            ..square(x, 100.0, colour)
        };
        let before = vec![
            square(10.0, 10.0, Color32::GRAY),
            on_canvas(120.0, Color32::GREEN),
            on_canvas(150.0, Color32::WHITE),
        ];
        let frames = shown(&before);
        let changes = |shapes: &[ClippedShape]| frames.changes(shapes, SIZE, 1.0, false);
        assert!(changes(&before).clipped_within(&[]), "nothing changed");

        let mut dragged = before.clone();
        dragged[2] = on_canvas(170.0, Color32::WHITE);
        let moved = changes(&dragged);
        assert!(matches!(moved.damage, Damage::Regions(_)));
        assert_eq!(moved.clips, Some(vec![canvas]));
        assert!(moved.clipped_within(&[canvas]));
        assert!(!moved.clipped_within(&[]));
        let smaller = canvas.shrink(10.0);
        assert!(
            !moved.clipped_within(&[smaller]),
            "a clip wider than the area"
        );

        let mut tooltip = before.clone();
        tooltip.push(square(160.0, 120.0, Color32::BLACK));
        assert!(!changes(&tooltip).clipped_within(&[canvas]));

        let mut button = dragged.clone();
        button[0] = square(10.0, 10.0, Color32::LIGHT_GRAY);
        assert!(!changes(&button).clipped_within(&[canvas]));

        let new_size = frames.changes(&dragged, [500, 300], 1.0, false);
        assert_eq!(new_size.clips, None);
        assert!(!new_size.clipped_within(&[canvas, screen()]), "a new size");
    }

    #[test]
    fn the_same_frame_damages_nothing_and_a_first_frame_everything() {
        let frame = vec![
            square(10.0, 10.0, Color32::RED),
            square(100.0, 10.0, Color32::GREEN),
        ];
        assert_eq!(
            Frames::default().damage(&frame, SIZE, 1.0, false),
            Damage::Whole
        );
        assert_eq!(
            shown(&frame).damage(&frame, SIZE, 1.0, false),
            Damage::Nothing
        );
    }

    #[test]
    fn one_changed_shape_damages_its_own_place_with_a_margin_on_whole_pixels() {
        let before = vec![
            square(10.0, 10.0, Color32::RED),
            square(100.5, 10.0, Color32::GREEN),
        ];
        let mut after = before.clone();
        after[1] = square(100.5, 10.0, Color32::BLUE);
        let region = one_region(shown(&before).damage(&after, SIZE, 1.0, false));
        assert_eq!(
            region,
            Rect::from_min_max(pos2(98.0, 8.0), pos2(123.0, 32.0))
        );
        // The other square is not painted again.
        assert_eq!(within(after, region).len(), 1);
    }

    #[test]
    fn changes_far_apart_are_regions_of_their_own_and_near_ones_one() {
        let before = vec![
            square(10.0, 10.0, Color32::RED),
            square(40.0, 10.0, Color32::RED),
            square(360.0, 270.0, Color32::RED),
            square(200.0, 150.0, Color32::RED),
        ];
        let mut after = before.clone();
        after[0] = square(10.0, 10.0, Color32::BLUE);
        after[1] = square(40.0, 10.0, Color32::BLUE);
        after[2] = square(360.0, 270.0, Color32::BLUE);
        let Damage::Regions(regions) = shown(&before).damage(&after, SIZE, 1.0, false) else {
            panic!("regions");
        };
        assert_eq!(regions.len(), 2, "{regions:?}");
        let top = regions
            .iter()
            .find(|r| r.min.y < 100.0)
            .expect("the top one");
        let bottom = regions
            .iter()
            .find(|r| r.min.y > 100.0)
            .expect("the bottom one");
        assert!(top.contains_rect(Rect::from_min_max(pos2(10.0, 10.0), pos2(60.0, 30.0))));
        assert!(top.width() < 60.0, "{top:?}");
        assert!(bottom.contains_rect(Rect::from_min_size(pos2(360.0, 270.0), vec2(20.0, 20.0))));
        assert!(bottom.width() < 30.0, "{bottom:?}");
        // The unchanged square between them is painted in neither.
        for region in &regions {
            assert!(!region.intersects(Rect::from_min_size(pos2(200.0, 150.0), vec2(20.0, 20.0))));
        }
    }

    #[test]
    fn many_scattered_changes_are_a_few_regions_that_cover_them_all() {
        let spots: Vec<(f32, f32)> = (0..40)
            .map(|i| ((i * 97 % 380) as f32, (i * 61 % 280) as f32))
            .collect();
        let before: Vec<_> = spots
            .iter()
            .map(|&(x, y)| square(x, y, Color32::RED))
            .collect();
        let after: Vec<_> = spots
            .iter()
            .map(|&(x, y)| square(x, y, Color32::BLUE))
            .collect();
        match shown(&before).damage(&after, SIZE, 1.0, false) {
            Damage::Whole => {}
            Damage::Regions(regions) => {
                assert!(regions.len() <= MAX_REGIONS, "{} regions", regions.len());
                for &(x, y) in &spots {
                    let spot =
                        Rect::from_min_size(pos2(x, y), vec2(20.0, 20.0)).intersect(screen());
                    assert!(
                        regions.iter().any(|r| r.contains_rect(spot)),
                        "{spot:?} in none"
                    );
                }
            }
            Damage::Nothing => panic!("forty squares changed"),
        }
    }

    #[test]
    fn a_moved_shape_damages_where_it_was_and_where_it_is() {
        let before = vec![square(10.0, 10.0, Color32::RED)];
        let after = vec![square(60.0, 10.0, Color32::RED)];
        let region = one_region(shown(&before).damage(&after, SIZE, 1.0, false));
        assert!(region.contains_rect(Rect::from_min_max(pos2(10.0, 10.0), pos2(80.0, 30.0))));
    }

    #[test]
    fn a_shape_that_appears_damages_only_its_place_and_going_the_same() {
        let base = vec![
            square(10.0, 10.0, Color32::RED),
            square(100.0, 100.0, Color32::GREEN),
            square(200.0, 200.0, Color32::BLUE),
        ];
        let mut tooltip = base.clone();
        tooltip.insert(2, square(150.0, 150.0, Color32::WHITE));
        let region = one_region(shown(&base).damage(&tooltip, SIZE, 1.0, false));
        assert!(region.contains_rect(Rect::from_min_size(pos2(150.0, 150.0), vec2(20.0, 20.0))));
        assert!(!region.intersects(Rect::from_min_size(pos2(10.0, 10.0), vec2(20.0, 20.0))));
        assert!(!region.intersects(Rect::from_min_size(pos2(200.0, 200.0), vec2(20.0, 20.0))));
        // And going again damages the same place.
        assert_eq!(
            shown(&tooltip).damage(&base, SIZE, 1.0, false),
            Damage::Regions(vec![region])
        );
    }

    /// Forty squares on a grid, 40 points apart.
    fn grid() -> Vec<ClippedShape> {
        (0..40)
            .map(|i| square((i % 8) as f32 * 50.0, (i / 8) as f32 * 50.0, Color32::GRAY))
            .collect()
    }

    fn damaged(damage: &Damage, x: f32, y: f32) -> bool {
        match damage {
            Damage::Nothing => false,
            Damage::Whole => true,
            Damage::Regions(regions) => regions.iter().any(|r| r.contains(pos2(x, y))),
        }
    }

    #[test]
    fn shapes_that_come_and_go_far_apart_damage_only_their_places() {
        let before = grid();
        let mut after = before.clone();
        // A card dealt near the start of the list, one taken near its end,
        // and one recoloured in between, whose fingerprint is unchanged.
        after.insert(1, square(360.0, 260.0, Color32::WHITE));
        after.remove(39);
        after[20] = square(150.0, 100.0, Color32::RED);
        let damage = shown(&before).damage(&after, SIZE, 1.0, false);
        for (x, y) in [(370.0, 270.0), (310.0, 210.0), (160.0, 110.0)] {
            assert!(damaged(&damage, x, y), "{x}, {y} in {damage:?}");
        }
        let untouched = [
            (10.0, 10.0),
            (60.0, 10.0),
            (110.0, 60.0),
            (210.0, 160.0),
            (10.0, 210.0),
            (360.0, 210.0),
        ];
        for (x, y) in untouched {
            assert!(!damaged(&damage, x, y), "{x}, {y} in {damage:?}");
        }
    }

    /// Whatever shapes come, go, move or change, a point outside the
    /// damage is covered by the same shapes in the same order in both
    /// frames: painting the damage alone gives the pixels of a whole
    /// repaint.
    #[test]
    fn outside_the_damage_every_point_is_painted_as_before() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let colours = [Color32::RED, Color32::GREEN, Color32::BLUE];
        for _ in 0..200 {
            let random_square = |next: &mut dyn FnMut(u64) -> u64| {
                square(
                    next(19) as f32 * 20.0,
                    next(14) as f32 * 20.0,
                    colours[next(3) as usize],
                )
            };
            let before: Vec<_> = (0..next(30)).map(|_| random_square(&mut next)).collect();
            let mut after = before.clone();
            for _ in 0..next(6) {
                let at = next(after.len() as u64 + 1) as usize;
                match next(4) {
                    0 => after.insert(at, random_square(&mut next)),
                    1 if at < after.len() => drop(after.remove(at)),
                    2 if at < after.len() => after[at] = random_square(&mut next),
                    _ if at < after.len() => {
                        let shape = after.remove(at);
                        after.insert(next(after.len() as u64 + 1) as usize, shape);
                    }
                    _ => {}
                }
            }
            let damage = shown(&before).damage(&after, SIZE, 1.0, false);
            let covering = |frame: &[ClippedShape], x: f32, y: f32| -> Vec<ClippedShape> {
                frame
                    .iter()
                    .filter(|s| bounds(s).expand(MARGIN_PX).contains(pos2(x, y)))
                    .cloned()
                    .collect()
            };
            for x in (0..400).step_by(5).map(|x| x as f32 + 0.5) {
                for y in (0..300).step_by(5).map(|y| y as f32 + 0.5) {
                    if !damaged(&damage, x, y) {
                        assert!(
                            covering(&before, x, y) == covering(&after, x, y),
                            "{x}, {y} outside {damage:?} changed"
                        );
                    }
                }
            }
        }
    }

    /// A card `y` points down a column: its rounded rectangle, an index
    /// at its top and a pip in its body.
    fn card(y: f32) -> [ClippedShape; 3] {
        [
            ClippedShape::new(
                screen(),
                Shape::Rect(egui::epaint::RectShape::new(
                    Rect::from_min_size(pos2(0.0, y), vec2(60.0, 84.0)),
                    5.0,
                    Color32::WHITE,
                    Stroke::new(1.0, Color32::GRAY),
                    egui::StrokeKind::Inside,
                )),
            ),
            ClippedShape::new(
                screen(),
                Shape::circle_filled(pos2(30.0, y + 5.0), 3.0, Color32::BLACK),
            ),
            ClippedShape::new(
                screen(),
                Shape::circle_filled(pos2(30.0, y + 60.0), 5.0, Color32::RED),
            ),
        ]
    }

    #[test]
    fn shapes_under_later_opaque_cards_are_left_out() {
        let column: Vec<ClippedShape> = (0..5).flat_map(|i| card(i as f32 * 10.0)).collect();
        let kept = to_paint_in(&column, screen(), 1.0);
        // Every card's rectangle and index show (at least a strip of
        // them); the pips of all but the last are under the next card.
        let mut expected = column.clone();
        for i in (0..4).rev() {
            expected.remove(i * 3 + 2);
        }
        assert_eq!(kept, expected);
        // A region across the pips: the last card covers what it holds of
        // the others, their edges cut by it as its own.
        let region = Rect::from_min_max(pos2(20.0, 50.0), pos2(40.0, 100.0));
        let kept = to_paint_in(&column, region, 1.0);
        // (The last card's index ends where the region begins: nothing of
        // it is in the region's pixels.)
        assert_eq!(kept, vec![column[12].clone(), column[14].clone()]);
    }

    /// The software painter's covers (`reaching_shown`) hide what egui's
    /// do, but a pixel further inside: a pip whose feathering comes within
    /// a point and a half of a card's stroke shows to it, and so does every shape of a card whose
    /// visible strip is in the region; the clips stay the shapes' own.
    #[test]
    fn a_renderer_of_its_own_edges_has_covers_a_pixel_further_in() {
        let column: Vec<ClippedShape> = (0..5).flat_map(|i| card(i as f32 * 10.0)).collect();
        let region = Rect::from_min_max(pos2(20.0, 50.0), pos2(40.0, 100.0));
        let kept: Vec<ClippedShape> = reaching_shown(&column, region, 1.0)
            .into_iter()
            .cloned()
            .collect();
        assert_eq!(kept, vec![column[12].clone(), column[14].clone()]);
        let strip = Rect::from_min_max(pos2(20.0, 0.0), pos2(40.0, 45.0));
        let kept = reaching_shown(&column, strip, 1.0);
        assert!(
            [0, 3, 6, 9, 12].iter().all(|&i| kept.contains(&&column[i])),
            "every card's rectangle shows in a region across their strips"
        );
        // Its bounds 4.5 points inside the card's edge, with a stroke of a
        // point, and 2 points of feathering and overhang around them:
        // hidden from egui's edges (a point inside the stroke), not from
        // the software painter's (a point and a pixel).
        let card = &card(0.0)[0];
        let pip = ClippedShape::new(
            screen(),
            Shape::rect_filled(
                Rect::from_min_size(pos2(10.0, 4.5), vec2(10.0, 10.0)),
                0.0,
                Color32::RED,
            ),
        );
        let shapes = [pip.clone(), card.clone()];
        let inside = Rect::from_min_max(pos2(8.0, 0.0), pos2(22.0, 20.0));
        assert_eq!(to_paint_in(&shapes, inside, 1.0).len(), 1);
        assert_eq!(reaching_shown(&shapes, inside, 1.0).len(), 2);
        assert_eq!(reaching_shown(&shapes, inside, 1.0)[0].clip_rect, screen());
    }

    #[test]
    fn only_an_opaque_plain_inside_hides() {
        let pip = |x: f32, y: f32| {
            ClippedShape::new(
                screen(),
                Shape::circle_filled(pos2(x, y), 2.0, Color32::RED),
            )
        };
        let over = |fill: Color32, radius: f32| {
            ClippedShape::new(
                screen(),
                Shape::rect_filled(
                    Rect::from_min_size(pos2(0.0, 0.0), vec2(100.0, 100.0)),
                    radius,
                    fill,
                ),
            )
        };
        let middle = pip(50.0, 50.0);
        // Opaque: hidden. Translucent: seen through.
        assert_eq!(
            to_paint_in(&[middle.clone(), over(Color32::WHITE, 0.0)], screen(), 1.0).len(),
            1
        );
        let glass = Color32::from_rgba_unmultiplied(255, 255, 255, 200);
        assert_eq!(
            to_paint_in(&[middle.clone(), over(glass, 0.0)], screen(), 1.0).len(),
            2
        );
        // In a rounded corner, where the card does not reach.
        let corner = pip(6.0, 6.0);
        assert_eq!(
            to_paint_in(&[corner.clone(), over(Color32::WHITE, 0.0)], screen(), 1.0).len(),
            1
        );
        assert_eq!(
            to_paint_in(&[corner, over(Color32::WHITE, 12.0)], screen(), 1.0).len(),
            2
        );
        // Along the edge, where the rounding still leaves a sliver out.
        let sliver = pip(15.0, 5.0);
        assert_eq!(
            to_paint_in(&[sliver.clone(), over(Color32::WHITE, 0.0)], screen(), 1.0).len(),
            1
        );
        assert_eq!(
            to_paint_in(&[sliver, over(Color32::WHITE, 20.0)], screen(), 1.0).len(),
            2
        );
        // A cover clipped away hides nothing there.
        let mut clipped = over(Color32::WHITE, 0.0);
        clipped.clip_rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(40.0, 100.0));
        assert_eq!(
            to_paint_in(&[middle.clone(), clipped], screen(), 1.0).len(),
            2
        );
        // A cover before the shape hides nothing.
        assert_eq!(
            to_paint_in(&[over(Color32::WHITE, 0.0), middle], screen(), 1.0).len(),
            2
        );
    }

    /// Whether `s` paints `p` opaque, exactly: inside the clip, inside the
    /// rectangle, and not in a corner beyond its radius.
    fn paints_opaque(s: &ClippedShape, p: egui::Pos2) -> bool {
        let Shape::Rect(r) = &s.shape else {
            return false;
        };
        if !r.fill.is_opaque() || !s.clip_rect.contains(p) || !r.rect.contains(p) {
            return false;
        }
        let radius = f32::from(r.corner_radius.nw)
            .min(r.rect.width() / 2.0)
            .min(r.rect.height() / 2.0);
        let nearest = pos2(
            p.x.clamp(r.rect.min.x + radius, r.rect.max.x - radius),
            p.y.clamp(r.rect.min.y + radius, r.rect.max.y - radius),
        );
        nearest.distance(p) <= radius
    }

    /// A random generator for the randomized tests, seeded.
    fn random() -> impl FnMut(u64) -> u64 {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    /// Up to `most` random rounded rectangles and circles, opaque or not,
    /// stroked or not, in random clips.
    fn random_shapes(next: &mut impl FnMut(u64) -> u64, most: u64) -> Vec<ClippedShape> {
        (0..next(most))
            .map(|_| {
                let min = pos2(next(300) as f32, next(200) as f32);
                let rect =
                    Rect::from_min_size(min, vec2(4.0 + next(90) as f32, 4.0 + next(90) as f32));
                let alpha = [255, 255, 128][next(3) as usize];
                let fill = Color32::from_rgba_unmultiplied(200, 100, 50, alpha);
                let clip = Rect::from_min_size(
                    pos2(next(200) as f32, next(150) as f32),
                    vec2(400.0, 300.0),
                );
                let shape = match next(3) {
                    0 => Shape::circle_filled(
                        rect.center(),
                        rect.width().min(rect.height()) / 2.0,
                        fill,
                    ),
                    _ => Shape::Rect(egui::epaint::RectShape::new(
                        rect,
                        next(30) as f32,
                        fill,
                        Stroke::new(next(3) as f32, Color32::BLACK),
                        [egui::StrokeKind::Inside, egui::StrokeKind::Middle][next(2) as usize],
                    )),
                };
                ClippedShape::new(clip, shape)
            })
            .collect()
    }

    #[test]
    fn shapes_are_the_same_exactly_when_they_are_equal() {
        let ctx = egui::Context::default();
        let mut texts = Vec::new();
        let _ = ctx.run_ui(egui::RawInput::default(), |ui| {
            let font = egui::FontId::proportional(14.0);
            let ten = ui
                .painter()
                .layout_no_wrap("10".into(), font.clone(), Color32::BLACK);
            // The same text laid out again: the same galley from the cache.
            let again = ui
                .painter()
                .layout_no_wrap("10".into(), font.clone(), Color32::BLACK);
            assert!(std::sync::Arc::ptr_eq(&ten, &again));
            // An equal galley of its own, and another text.
            let copy = std::sync::Arc::new((*ten).clone());
            let jack = ui
                .painter()
                .layout_no_wrap("J".into(), font, Color32::BLACK);
            for galley in [ten, again, copy, jack] {
                for (pos, color) in [
                    (pos2(5.0, 5.0), Color32::BLACK),
                    (pos2(6.0, 5.0), Color32::BLACK),
                    (pos2(5.0, 5.0), Color32::RED),
                ] {
                    let text = egui::epaint::TextShape::new(pos, galley.clone(), color);
                    texts.push(ClippedShape::new(Rect::EVERYTHING, text.clone()));
                    let faded = text.with_opacity_factor(0.5);
                    texts.push(ClippedShape::new(Rect::EVERYTHING, faded));
                }
            }
        });
        let mut next = random();
        let mut shapes = texts;
        shapes.extend(random_shapes(&mut next, 40));
        let mut clipped = shapes[3].clone();
        clipped.clip_rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(50.0, 50.0));
        shapes.push(clipped);
        let mut equal_pairs = 0;
        for a in &shapes {
            for b in &shapes {
                assert_eq!(same(a, b), a == b, "{a:?}\n{b:?}");
                equal_pairs += usize::from(a == b);
            }
        }
        // Besides each shape with itself, the texts of equal galleys.
        assert!(equal_pairs > shapes.len(), "{equal_pairs}");
    }

    #[test]
    fn a_triangle_left_out_is_under_an_opaque_fill_at_every_point() {
        let mut next = random();
        let mut left_out = 0;
        for _ in 0..200 {
            let shapes = random_shapes(&mut next, 40);
            let region = Rect::from_min_size(
                pos2(next(250) as f32, next(150) as f32),
                vec2(20.0 + next(200) as f32, 20.0 + next(150) as f32),
            );
            let to_paint = to_paint_in_covered(&shapes, region, 1.0);
            let mut tessellator = egui::epaint::Tessellator::new(
                1.0,
                egui::epaint::TessellationOptions::default(),
                [1, 1],
                Vec::new(),
            );
            for (index, shape) in to_paint.shapes.iter().enumerate() {
                let mut mesh = egui::Mesh::default();
                tessellator.tessellate_shape(shape.shape.clone(), &mut mesh);
                let all = mesh.indices.clone();
                to_paint.cull_hidden(index, &mut mesh);
                let kept: std::collections::HashSet<[u32; 3]> = mesh
                    .indices
                    .chunks_exact(3)
                    .map(|t| [t[0], t[1], t[2]])
                    .collect();
                let later = &to_paint.shapes[index + 1..];
                for triangle in all.chunks_exact(3) {
                    if kept.contains(&[triangle[0], triangle[1], triangle[2]]) {
                        continue;
                    }
                    left_out += 1;
                    // Every pixel the triangle could touch in the region.
                    let corners = [0, 1, 2].map(|i| mesh.vertices[triangle[i] as usize].pos);
                    let seen = Rect::from_points(&corners)
                        .intersect(shape.clip_rect)
                        .intersect(region);
                    for x in seen.min.x.floor() as i32..seen.max.x.ceil() as i32 {
                        for y in seen.min.y.floor() as i32..seen.max.y.ceil() as i32 {
                            let p = pos2(x as f32 + 0.5, y as f32 + 0.5);
                            assert!(
                                later.iter().any(|s| paints_opaque(s, p)),
                                "a triangle of shape {index} left out, but {p:?} of it is not under an opaque fill"
                            );
                        }
                    }
                }
            }
        }
        assert!(
            left_out > 1000,
            "{left_out} triangles left out: the test tests little"
        );
    }

    #[test]
    fn a_shape_left_out_is_under_an_opaque_fill_at_every_point() {
        let mut next = random();
        for _ in 0..200 {
            let shapes = random_shapes(&mut next, 80);
            let kept = to_paint_in(&shapes, screen(), 1.0);
            let mut k = 0;
            for (i, shape) in shapes.iter().enumerate() {
                if k < kept.len() && kept[k] == *shape {
                    k += 1;
                    continue;
                }
                // Every pixel it could paint in the region, by its centre.
                let seen = bounds(shape)
                    .expand(MARGIN_PX)
                    .intersect(shape.clip_rect)
                    .intersect(screen());
                for x in seen.min.x.floor() as i32..seen.max.x.ceil() as i32 {
                    for y in seen.min.y.floor() as i32..seen.max.y.ceil() as i32 {
                        let p = pos2(x as f32 + 0.5, y as f32 + 0.5);
                        assert!(
                            shapes[i + 1..].iter().any(|later| paints_opaque(later, p)),
                            "shape {i} left out, but {p:?} of it is not under an opaque fill"
                        );
                    }
                }
            }
            assert_eq!(k, kept.len(), "the kept shapes in their order");
        }
    }

    #[test]
    fn a_shape_whose_edge_may_reach_a_region_is_painted_in_it() {
        // A hat's brim: a stroked triangle whose sharp corner's mitre and
        // anti-aliasing reach a pixel past its bounds.
        let brim = ClippedShape::new(
            screen(),
            Shape::convex_polygon(
                vec![pos2(228.5, 230.7), pos2(232.6, 221.3), pos2(255.2, 230.7)],
                Color32::BLACK,
                Stroke::new(1.0, Color32::BLACK),
            ),
        );
        let left = bounds(&brim).min.x;
        let region = Rect::from_min_max(pos2(left - 20.0, 200.0), pos2(left - 0.5, 240.0));
        assert_eq!(within(vec![brim.clone()], region).len(), 1);
        // To be painted there with its own clip: egui leaves out a path
        // whose bounds miss its clip, mitre or not.
        assert_eq!(
            to_paint_in(std::slice::from_ref(&brim), region, 1.0),
            vec![brim.clone()]
        );
        // Far away, it is not.
        let far = Rect::from_min_max(pos2(0.0, 0.0), pos2(100.0, 100.0));
        assert!(within(vec![brim], far).is_empty());
    }

    #[test]
    fn a_shape_that_paints_nothing_damages_nothing() {
        // A card game's empty place, an outline with no fill and no stroke.
        let invisible = |x: f32| {
            ClippedShape::new(
                screen(),
                Shape::rect_filled(
                    Rect::from_min_size(pos2(x, 10.0), vec2(60.0, 90.0)),
                    3.0,
                    Color32::TRANSPARENT,
                ),
            )
        };
        let before = vec![square(10.0, 10.0, Color32::RED), invisible(100.0)];
        let mut after = before.clone();
        after.push(invisible(200.0));
        assert_eq!(
            shown(&before).damage(&after, SIZE, 1.0, false),
            Damage::Nothing
        );
        after[1] = invisible(300.0);
        assert_eq!(
            shown(&before).damage(&after, SIZE, 1.0, false),
            Damage::Nothing
        );
        // What it hides behind it is still seen to change.
        after[0] = square(10.0, 10.0, Color32::BLUE);
        let region = one_region(shown(&before).damage(&after, SIZE, 1.0, false));
        assert!(region.contains_rect(Rect::from_min_size(pos2(10.0, 10.0), vec2(20.0, 20.0))));
    }

    #[test]
    fn triangles_outside_a_region_are_left_out_and_those_across_it_kept() {
        let mut mesh = egui::Mesh::default();
        // Three squares in a row, 20 points apart; the region covers the
        // middle one and the edge of the last.
        for x in [0.0, 40.0, 80.0] {
            mesh.add_colored_rect(
                Rect::from_min_size(pos2(x, 0.0), vec2(20.0, 20.0)),
                Color32::RED,
            );
        }
        let region = Rect::from_min_max(pos2(35.0, 0.0), pos2(85.0, 20.0));
        let whole = mesh.clone();
        cull_outside(&mut mesh, region);
        let triangles = |mesh: &egui::Mesh| -> Vec<[egui::Pos2; 3]> {
            mesh.indices
                .chunks_exact(3)
                .map(|t| [0, 1, 2].map(|i| mesh.vertices[t[i] as usize].pos))
                .collect()
        };
        let kept = triangles(&mesh);
        assert_eq!(
            kept,
            triangles(&whole)[2..].to_vec(),
            "the last two squares' four"
        );
        assert_eq!(mesh.vertices.len(), 8, "and only their vertices");
        assert!(kept.iter().flatten().all(|p| p.x >= 40.0));
    }

    #[test]
    fn a_new_size_scale_or_texture_damages_the_whole_window() {
        let frame = vec![square(10.0, 10.0, Color32::RED)];
        let frames = shown(&frame);
        assert_eq!(frames.damage(&frame, [401, 300], 1.0, false), Damage::Whole);
        assert_eq!(frames.damage(&frame, SIZE, 2.0, false), Damage::Whole);
        assert_eq!(frames.damage(&frame, SIZE, 1.0, true), Damage::Whole);
        let mut forgotten = shown(&frame);
        forgotten.forget();
        assert_eq!(forgotten.damage(&frame, SIZE, 1.0, false), Damage::Whole);
    }

    #[test]
    fn a_change_over_most_of_the_window_paints_it_whole() {
        let before = vec![ClippedShape::new(
            screen(),
            Shape::rect_filled(screen(), 0.0, Color32::RED),
        )];
        let after = vec![ClippedShape::new(
            screen(),
            Shape::rect_filled(screen(), 0.0, Color32::BLUE),
        )];
        assert_eq!(
            shown(&before).damage(&after, SIZE, 1.0, false),
            Damage::Whole
        );
    }

    #[test]
    fn a_change_hidden_by_its_clip_damages_nothing_and_clips_count() {
        let clip = Rect::from_min_size(pos2(0.0, 0.0), vec2(50.0, 50.0));
        let line = |colour| {
            ClippedShape::new(
                clip,
                Shape::line_segment(
                    [pos2(0.0, 100.0), pos2(300.0, 100.0)],
                    Stroke::new(2.0, colour),
                ),
            )
        };
        let frames = shown(&[line(Color32::RED)]);
        assert_eq!(
            frames.damage(&[line(Color32::BLUE)], SIZE, 1.0, false),
            Damage::Nothing
        );
    }

    #[test]
    fn regions_are_on_whole_pixels_at_any_scale_and_scissors_match() {
        let before = vec![square(10.3, 10.3, Color32::RED)];
        let after = vec![square(10.3, 10.3, Color32::BLUE)];
        let frames = {
            let mut f = Frames::default();
            f.remember(before, SIZE, 1.5);
            f
        };
        let region = one_region(frames.damage(&after, SIZE, 1.5, false));
        for v in [region.min.x, region.min.y, region.max.x, region.max.y] {
            let px = v * 1.5;
            assert!((px - px.round()).abs() < 1e-3, "{v} is not on a pixel");
        }
        let [x, y, w, h] = scissor_px(region, 1.5, SIZE[1]);
        assert_eq!(
            (x, w),
            (
                (region.min.x * 1.5).round() as i32,
                (region.width() * 1.5).round() as i32
            )
        );
        assert_eq!(y + h, SIZE[1] as i32 - (region.min.y * 1.5).round() as i32);
    }
}
