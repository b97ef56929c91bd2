//! The guide's picture of every face (`faces.png`) is what the kit draws
//! today: rendered again by the example's code and compared byte for byte.
//! After a change to the faces, run `cargo run -p cards --example
//! render_faces`, look at the picture, and commit it.

#[allow(dead_code)]
#[path = "../examples/render_faces.rs"]
mod render_faces;

#[test]
fn the_picture_of_the_faces_is_up_to_date() {
    let committed = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/faces.png"))
        .expect("faces.png is committed");
    assert!(
        render_faces::picture() == committed,
        "faces.png is stale: run `cargo run -p cards --example render_faces`"
    );
}
