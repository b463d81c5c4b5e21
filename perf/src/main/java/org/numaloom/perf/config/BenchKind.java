package org.numaloom.perf.config;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The benches a config can name, with the payload fields each accepts. A field that means nothing to
 * a bench (say {@code inCpuTokens} on {@code text}) is an error rather than silently ignored: the
 * user who wrote it expected it to change something.
 */
public enum BenchKind {
    CONSUME_CPU("consumeCpu", "the seed's microbenchmark: consumeCPU work and yields outside and inside the lock",
            "actions/s", true, "actionsCount", "beforeCpuTokens", "inCpuTokens", "yieldsBefore", "yieldInCrit"),
    SHORT_SECTION("shortSection", "the classic lock microbenchmark: counter++ under the lock, a few xorshift steps "
            + "outside, no yields", "acquisitions/s", true, "acquisitionsCount", "outsideWork", "sharedWords"),
    TEXT("text", "word counts of a generated text in lock-guarded hash maps", "lines/s", true, "lines", "maps", "seed"),
    SWITCH("switch", "Thread.yield() among N threads on one CPU: the cost under every hand-off", "switches/s", false,
            "yieldsPerThread", "platformThreadsUpTo");

    /** Fields every bench accepts. */
    static final List<String> COMMON_FIELDS = List.of("warmupIterations", "measurementIterations", "forks", "title",
            "skip", "threads", "threadsFrom");

    private final String configName;
    /** What it measures, in a line of the help text. */
    private final String summary;
    private final String unit;
    private final boolean takesLocks;
    private final List<String> ownFields;

    BenchKind(String configName, String summary, String unit, boolean takesLocks, String... ownFields) {
        this.configName = configName;
        this.summary = summary;
        this.unit = unit;
        this.takesLocks = takesLocks;
        this.ownFields = List.of(ownFields);
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
        return takesLocks;
    }

    /** The payload fields this bench accepts, common ones included. */
    Set<String> acceptedFields() {
        Set<String> fields = new LinkedHashSet<>(COMMON_FIELDS);
        if (takesLocks) {
            fields.add("locks");
        }
        fields.addAll(ownFields);
        return fields;
    }

    /** The bench of that config name, or null. */
    static BenchKind named(String configName) {
        return Arrays.stream(values()).filter(kind -> kind.configName.equals(configName)).findFirst().orElse(null);
    }

    static String configNames() {
        return Arrays.stream(values()).map(BenchKind::configName).collect(Collectors.joining(", "));
    }
}
