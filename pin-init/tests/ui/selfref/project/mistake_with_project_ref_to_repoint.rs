// Mistake: `with_project_ref` (the shared projection) is used to re-point a dependent; only
// `with_project` (behind `Pin<&mut Self>`) gives the dependents mutably. Fix:
// `cfg.as_mut().with_project(|p| *p.value = &p.text[5..])`.
// diag-fix: with_project([^_]|$)
// diag-line: 21
// diag-class: shared-projection-mutates
use pin_init::*;

#[pin_data]
struct Config {
    value: &'text str,
    text: String,
}

fn main() {
    let cfg = Box::pin_init(pin_init!(Config {
        text: "mode=fast".into(),
        value: &text[..4],
    }))
    .unwrap();
    cfg.with_project_ref(|p| *p.value = &p.text[5..]);
}
