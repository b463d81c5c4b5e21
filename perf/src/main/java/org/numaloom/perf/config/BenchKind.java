package org.numaloom.perf.config;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The benches a config can name, each with the record its {@code payload} is read into: the fields
 * a bench accepts are that record's components, so this is the one place that ties a name to them.
 */
public enum BenchKind {
    CONSUME_CPU("consumeCpu", Payload.ConsumeCpu.class,
            "the seed's microbenchmark: consumeCPU work and yields outside and inside the lock", "actions/s"),
    SHORT_SECTION("shortSection", Payload.ShortSection.class, "the classic lock microbenchmark: counter++ under the "
            + "lock, a few xorshift steps outside, no yields", "acquisitions/s"),
    TEXT("text", Payload.Text.class, "word counts of a generated text in lock-guarded hash maps", "lines/s"),
    SWITCH("switch", Payload.Switch.class, "Thread.yield() among N threads on one CPU: the cost under every hand-off",
            "switches/s");

    private final String configName;
    private final Class<? extends Payload> payloadType;
    /** What it measures, in a line of the help text. */
    private final String summary;
    private final String unit;

    BenchKind(String configName, Class<? extends Payload> payloadType, String summary, String unit) {
        this.configName = configName;
        this.payloadType = payloadType;
        this.summary = summary;
        this.unit = unit;
    }

    /** The {@code name} of a bench in the config, e.g. {@code consumeCpu}. */
    public String configName() {
        return configName;
    }

    /** What it measures, in one line for the help text. */
    public String summary() {
        return summary;
    }

    /** What its throughput counts, per second. */
    public String unit() {
        return unit;
    }

    /** Whether it measures locks (and so has a {@code locks} field and the baselines). */
    public boolean takesLocks() {
        return Payload.OfLocks.class.isAssignableFrom(payloadType);
    }

    /** The record its {@code payload} is read into, which Jackson picks by {@link #configName}. */
    Class<? extends Payload> payloadType() {
        return payloadType;
    }

    /** The bench of that config name, or null. */
    static BenchKind named(String configName) {
        return Arrays.stream(values()).filter(kind -> kind.configName.equals(configName)).findFirst().orElse(null);
    }

    static String configNames() {
        return Arrays.stream(values()).map(BenchKind::configName).collect(Collectors.joining(", "));
    }
}
