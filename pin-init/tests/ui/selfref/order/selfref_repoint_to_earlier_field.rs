// DESIGN.md, The outlives chain: `with_project` knows only the outlives chain: a dependent cannot be re-pointed at
// a borrowed field that drops before the one its lifetime names.
use pin_init::*;

#[pin_data]
struct S {
    part: &'late str,
    #[borrowed]
    early: String,
    late: String,
}

fn main() {
    stack_pin_init!(let s = pin_init!(S {
        early: String::from("early"),
        late: String::from("late"),
        part: &late[..],
    }));
    s.with_project(|p| {
        *p.part = &p.early[..];
    });
}
