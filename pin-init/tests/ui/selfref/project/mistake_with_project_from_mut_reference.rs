// Mistake: a helper takes the self-referential struct as `&mut Queue` and calls `with_project`,
// which needs the pin. Fix: take `Pin<&mut Queue>` (callers pass `q.as_mut()`).
// diag-fix: Pin<&mut Queue>
// diag-line: 14
// diag-class: mut-self-receiver
use pin_init::*;

#[pin_data]
struct Queue {
    tail: &'ring [u32],
    ring: [u32; 8],
}

fn advance(q: &mut Queue) {
    q.with_project(|p| *p.tail = &p.ring[p.ring.len() - p.tail.len() + 1..]);
}

fn main() {
    let _ = advance;
}
