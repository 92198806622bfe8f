// DESIGN.md, Projections and accessors: `with_project` hands out field borrows that live at most as long as the
// borrow of the struct: neither its result nor a captured variable can keep them longer.
use core::pin::Pin;
use pin_init::*;

#[pin_data]
struct MyStruct {
    borrow: &'owner String,
    owner: String,
}

fn leak_by_return(s: Pin<&mut MyStruct>) -> &'static String {
    s.with_project(|p| p.owner)
}

fn leak_by_capture() {
    let mut leaked: Option<&String> = None;
    {
        stack_pin_init!(let s = pin_init!(MyStruct { owner: String::from("x"), borrow: owner }));
        s.with_project(|p| leaked = Some(*p.borrow));
    }
    println!("{leaked:?}");
}

fn main() {}
