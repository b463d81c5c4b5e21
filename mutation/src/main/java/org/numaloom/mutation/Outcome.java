package org.numaloom.mutation;

/** What a layer made of a mutant. */
public enum Outcome {
    /** A test failed. */
    KILLED("killed"),
    /** The layer's own watchdog reported a hang (a time-out of a test, a stuck harness). */
    HUNG("hung"),
    /** The runner had to stop the layer: a weakness too, since it would burn CI's time. */
    TIMED_OUT("timed-out"),
    /** Every test passed. */
    SURVIVED("survived"),
    /**
     * Survived on x86_64, where the hardware orders plain stores and loads like release stores and
     * acquire loads (TSO), so a dropped ordering shows only if the JIT reorders; not counted.
     */
    NEEDS_AARCH64("needs-aarch64"),
    /** The mutated class did not load (a verify error): not a mutant, not counted. */
    INVALID("invalid");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether the mutant was caught: killed, or stopped by the layer's own watchdog. */
    boolean caught() {
        return this == KILLED || this == HUNG;
    }

    /** Whether it counts in a score: not {@link #INVALID} and not {@link #NEEDS_AARCH64}. */
    boolean counted() {
        return this != INVALID && this != NEEDS_AARCH64;
    }
}
