// DESIGN.md, The outlives chain, in the initializer: a dependent cannot be given a borrow of a field that drops
// before the one its lifetime names (`early` drops before `late`).
use pin_init::*;

#[pin_data]
struct S {
    part: &'late str,
    #[borrowed]
    early: String,
    late: String,
}

fn main() {
    let _ = pin_init!(S {
        early: String::from("early"),
        late: String::from("late"),
        part: &early[..],
    });
}
