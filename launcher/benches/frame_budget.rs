//! What drawing one game frame costs the console, with the frame budget
//! (`launcher::budget`): planning the frame, laying it out and tessellating
//! it with egui (no GPU), for an ordinary board, the heaviest frame the
//! host's limits allow (199,999 canvas-covering ellipses) and a glyph bomb
//! (every Latin letter at 207 sizes). Before timing, each case prints the
//! tessellated vertices and mesh bytes of one frame: the frame's memory.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use egui::{Pos2, Rect, Vec2};
use game_api::{Anchor, Point, Rgba, Shape, Style};
use launcher::budget::{FramePlan, Screen};
use launcher::render::{CanvasTransform, EguiPainter};

fn board() -> Vec<Shape> {
    (0..121)
        .map(|i| Shape::Circle {
            center: Point::new(20.0 + (i % 11) as f32 * 34.0, 20.0 + (i / 11) as f32 * 25.0),
            radius: 15.0,
            style: Style::solid(Rgba::rgb(200, 200, 250)),
        })
        .collect()
}

fn heaviest() -> Vec<Shape> {
    (0..199_999u32)
        .map(|i| Shape::Ellipse {
            center: Point::new(200.0, 150.0),
            radius_x: 900.0,
            radius_y: 900.0,
            style: Style::solid(Rgba::rgb((i % 200) as u8, 0, 0)),
        })
        .collect()
}

fn glyph_bomb() -> Vec<Shape> {
    let letters: String = ('!'..='~').chain('¡'..='ÿ').chain('Ā'..='ž').collect();
    (100..=512)
        .step_by(2)
        .enumerate()
        .map(|(row, size)| Shape::Text {
            pos: Point::new(0.0, row as f32),
            anchor: Anchor::TopLeft,
            font_size: size as f32,
            color: Rgba::rgb(0, 0, 0),
            text: letters.clone(),
        })
        .collect()
}

/// One egui pass painting `shapes` as a game window does, tessellated.
fn frame(ctx: &egui::Context, shapes: &[Shape], plan: &FramePlan) -> (usize, usize) {
    let output = ctx.run_ui(egui::RawInput::default(), |ui| {
        let area = Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 300.0));
        let transform = CanvasTransform::fit(Vec2::new(400.0, 300.0), area);
        EguiPainter::new(ui.painter(), transform).replay_planned(shapes, plan);
    });
    let meshes = ctx.tessellate(output.shapes, output.pixels_per_point);
    let vertices: usize = meshes
        .iter()
        .map(|m| match &m.primitive {
            egui::epaint::Primitive::Mesh(mesh) => mesh.vertices.len(),
            _ => 0,
        })
        .sum();
    let indices: usize = meshes
        .iter()
        .map(|m| match &m.primitive {
            egui::epaint::Primitive::Mesh(mesh) => mesh.indices.len(),
            _ => 0,
        })
        .sum();
    (
        vertices,
        vertices * std::mem::size_of::<egui::epaint::Vertex>() + indices * 4,
    )
}

fn frame_budget(c: &mut Criterion) {
    let mut group = c.benchmark_group("game_frame");
    group.sample_size(10);
    for (name, shapes) in [
        ("board", board()),
        ("heaviest_allowed", heaviest()),
        ("glyph_bomb", glyph_bomb()),
    ] {
        let ctx = egui::Context::default();
        let screen = Screen {
            scale: 1.0,
            pixels_per_point: 1.0,
            canvas: game_api::Point::new(400.0, 300.0),
            atlas_side: ctx.input(|i| i.max_texture_side),
        };
        let plan = FramePlan::new(&shapes, screen);
        let (vertices, bytes) = frame(&ctx, &shapes, &plan);
        eprintln!(
            "{name}: {} shapes, {} drawn, {vertices} vertices, {:.1} MB of mesh",
            shapes.len(),
            (0..shapes.len()).filter(|&i| plan.admits(i)).count(),
            bytes as f64 / 1e6
        );
        group.bench_function(BenchmarkId::new("plan", name), |b| {
            b.iter(|| FramePlan::new(&shapes, screen))
        });
        group.bench_function(BenchmarkId::new("draw", name), |b| {
            b.iter(|| frame(&ctx, &shapes, &plan))
        });
    }
    group.finish();
}

criterion_group!(benches, frame_budget);
criterion_main!(benches);
