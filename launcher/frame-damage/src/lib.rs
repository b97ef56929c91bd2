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
//! let Damage::Region(region) = frames.damage(&[dot(Color32::BLUE)], [200, 100], 1.0, false) else {
//!     panic!("a region");
//! };
//! assert!(region.contains_rect(Rect::from_center_size(pos2(50.0, 50.0), egui::vec2(20.0, 20.0))));
//! assert!(region.width() < 30.0);
//! ```

use egui::epaint::ClippedShape;
use egui::{Rect, Shape};

/// Pixels added around a changed shape's bounds: anti-aliasing feathers an
/// edge by about a pixel past the shape, and a glyph may overhang its box.
const MARGIN_PX: f32 = 2.0;

/// What a new frame changes of the window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Damage {
    /// Nothing: the window shows the last frame's pixels.
    Nothing,
    /// This region, in points, on whole pixels: paint it alone.
    Region(Rect),
    /// The whole window (the first frame, a new size or scale, a texture
    /// that changed, or a change over most of it).
    Whole,
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
        let Some(last) = &self.last else {
            return Damage::Whole;
        };
        if textures_changed
            || last.size_px != size_px
            || last.pixels_per_point != pixels_per_point
            || size_px.contains(&0)
        {
            return Damage::Whole;
        }
        let mut changed = Rect::NOTHING;
        if shapes.len() == last.shapes.len() {
            // The usual frame: the same widgets, a few drawn differently.
            for (old, new) in last.shapes.iter().zip(shapes) {
                if old != new {
                    changed |= bounds(old) | bounds(new);
                }
            }
        } else {
            // Shapes came or went: everything between the frames' common
            // beginning and common end.
            let prefix = last
                .shapes
                .iter()
                .zip(shapes)
                .take_while(|(old, new)| old == new)
                .count();
            let room = last.shapes.len().min(shapes.len()) - prefix;
            let suffix = last
                .shapes
                .iter()
                .rev()
                .zip(shapes.iter().rev())
                .take(room)
                .take_while(|(old, new)| old == new)
                .count();
            for shape in &last.shapes[prefix..last.shapes.len() - suffix] {
                changed |= bounds(shape);
            }
            for shape in &shapes[prefix..shapes.len() - suffix] {
                changed |= bounds(shape);
            }
        }
        region_of(changed, size_px, pixels_per_point)
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

/// Where a shape paints, in points: its bounds, clipped, after its
/// transform. A shape whose bounds are unknown paints anywhere in its clip.
fn bounds(clipped: &ClippedShape) -> Rect {
    let shape_rect = match &clipped.shape {
        Shape::Noop => return Rect::NOTHING,
        shape => shape.visual_bounding_rect(),
    };
    let rect = if shape_rect.is_finite() {
        clipped.transform_after_tessellation.mul_rect(shape_rect)
    } else {
        clipped.clip_rect
    };
    rect.intersect(clipped.clip_rect)
}

/// `changed`, grown by the margin, out to whole pixels and inside the
/// window; the whole window when that is most of it.
fn region_of(changed: Rect, size_px: [u32; 2], pixels_per_point: f32) -> Damage {
    if !changed.is_positive() || !changed.is_finite() {
        return Damage::Nothing;
    }
    let [width, height] = size_px.map(|n| n as f32);
    let px = |v: f32| v * pixels_per_point;
    let min_x = (px(changed.min.x) - MARGIN_PX).floor().clamp(0.0, width);
    let min_y = (px(changed.min.y) - MARGIN_PX).floor().clamp(0.0, height);
    let max_x = (px(changed.max.x) + MARGIN_PX).ceil().clamp(0.0, width);
    let max_y = (px(changed.max.y) + MARGIN_PX).ceil().clamp(0.0, height);
    if max_x <= min_x || max_y <= min_y {
        return Damage::Nothing;
    }
    // Past half the window, painting it all costs about the same and
    // needs no sorting out.
    if (max_x - min_x) * (max_y - min_y) > 0.5 * width * height {
        return Damage::Whole;
    }
    let to_points = |v: f32| v / pixels_per_point;
    Damage::Region(Rect::from_min_max(
        egui::pos2(to_points(min_x), to_points(min_y)),
        egui::pos2(to_points(max_x), to_points(max_y)),
    ))
}

/// The shapes of a frame that paint in `region`, each clipped to it, in
/// their order: painted over the last frame's pixels with the region
/// cleared first, they give the pixels a whole repaint gives there.
pub fn within(shapes: Vec<ClippedShape>, region: Rect) -> Vec<ClippedShape> {
    shapes
        .into_iter()
        .filter_map(|mut clipped| {
            if !bounds(&clipped).intersects(region) {
                return None;
            }
            clipped.clip_rect = clipped.clip_rect.intersect(region);
            Some(clipped)
        })
        .collect()
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

    fn shown(shapes: &[ClippedShape]) -> Frames {
        let mut frames = Frames::default();
        frames.remember(shapes.to_vec(), SIZE, 1.0);
        frames
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
        let Damage::Region(region) = shown(&before).damage(&after, SIZE, 1.0, false) else {
            panic!("a region");
        };
        assert_eq!(
            region,
            Rect::from_min_max(pos2(98.0, 8.0), pos2(123.0, 32.0))
        );
        // The other square is not painted again.
        assert_eq!(within(after, region).len(), 1);
    }

    #[test]
    fn a_moved_shape_damages_where_it_was_and_where_it_is() {
        let before = vec![square(10.0, 10.0, Color32::RED)];
        let after = vec![square(60.0, 10.0, Color32::RED)];
        let Damage::Region(region) = shown(&before).damage(&after, SIZE, 1.0, false) else {
            panic!("a region");
        };
        assert!(region.contains_rect(Rect::from_min_max(pos2(10.0, 10.0), pos2(80.0, 30.0))));
    }

    #[test]
    fn a_shape_that_appears_damages_only_what_lies_between_the_common_ends() {
        let base = vec![
            square(10.0, 10.0, Color32::RED),
            square(100.0, 100.0, Color32::GREEN),
            square(200.0, 200.0, Color32::BLUE),
        ];
        let mut tooltip = base.clone();
        tooltip.insert(2, square(150.0, 150.0, Color32::WHITE));
        let Damage::Region(region) = shown(&base).damage(&tooltip, SIZE, 1.0, false) else {
            panic!("a region");
        };
        assert!(region.contains_rect(Rect::from_min_size(pos2(150.0, 150.0), vec2(20.0, 20.0))));
        assert!(!region.intersects(Rect::from_min_size(pos2(10.0, 10.0), vec2(20.0, 20.0))));
        assert!(!region.intersects(Rect::from_min_size(pos2(200.0, 200.0), vec2(20.0, 20.0))));
        // And going again damages the same place.
        assert_eq!(
            shown(&tooltip).damage(&base, SIZE, 1.0, false),
            Damage::Region(region)
        );
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
        let Damage::Region(region) = frames.damage(&after, SIZE, 1.5, false) else {
            panic!("a region");
        };
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
