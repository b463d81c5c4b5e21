package org.numaloom.linearizability.vthreads;

/**
 * One completed operation on a shared counter, as a thread saw it: what it did, when it was
 * invoked and when it responded (both {@link System#nanoTime()}), and the value it returned.
 *
 * @param kind      an increment (returns the new value) or a read
 * @param invoked   taken just before the operation was called
 * @param responded taken just after it returned
 * @param value     what it returned
 */
record CounterOp(Kind kind, long invoked, long responded, long value) {
    enum Kind { INCREMENT, READ }

    CounterOp {
        if (responded < invoked) {
            throw new IllegalArgumentException("an operation cannot respond (" + responded + ") before it is invoked (" + invoked + ")");
        }
    }

    static CounterOp increment(long invoked, long responded, long value) {
        return new CounterOp(Kind.INCREMENT, invoked, responded, value);
    }

    static CounterOp read(long invoked, long responded, long value) {
        return new CounterOp(Kind.READ, invoked, responded, value);
    }

    @Override
    public String toString() {
        return (kind == Kind.INCREMENT ? "incrementAndGet()=" : "get()=") + value + " [" + invoked + ", " + responded + "]";
    }
}
