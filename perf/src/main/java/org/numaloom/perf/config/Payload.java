package org.numaloom.perf.config;

import java.util.List;
import java.util.Objects;

/**
 * The {@code payload} of one bench, exactly as the JSON gives it: one record per bench, whose
 * components are the fields that bench accepts, each optional so that an absent field can be told
 * from a zero. Jackson picks the record from the bench's {@code name} ({@link BenchKind#payloadType})
 * and, reading with {@code FAIL_ON_UNKNOWN_PROPERTIES}, rejects a field the record lacks: a field
 * that means nothing to the bench (say {@code inCpuTokens} on {@code text}) is an error rather than
 * silently ignored, since the user who wrote it expected it to change something.
 *
 * <p>The fields every bench shares are this interface's accessors, which each record declares as
 * components, so that the compiler holds every record to the same set. They cannot live in one
 * shared record unwrapped into each payload: Jackson lets any unknown field through an object with a
 * {@code @JsonUnwrapped} property (it buffers what it does not know for the unwrapped part), and
 * rejecting those fields is the point.
 *
 * <p>The fields are the seed study's, but for {@code lines}, {@code maps}, {@code seed},
 * {@code yieldsPerThread}, {@code platformThreadsUpTo}, {@code acquisitionsCount},
 * {@code outsideWork}, {@code sharedWords} and {@code rounds}: this kit's additions for the
 * text-statistics, switch-cost and short-section benches and for the gate.
 */
sealed interface Payload {

    Integer warmupIterations();

    Integer measurementIterations();

    Integer forks();

    String title();

    Boolean skip();

    List<Integer> threads();

    Integer threadsFrom();

    /** The payload of a bench that measures locks: the common fields and {@code locks}. */
    sealed interface OfLocks extends Payload {
        List<LockEntry> locks();

        /** How many times every lock, baselines included, is measured in turn: see {@link BenchSpec#rounds}. */
        Integer rounds();
    }

    /**
     * One entry of {@code locks}: a lock by name, which the seed could also skip; or, with
     * {@code variant}, that lock measured again as {@code NAME@variant} with extra JVM flags for its
     * forks ({@code jvmArgs}, e.g. a system property that tunes it), in the same rounds as the others.
     */
    record LockEntry(String name, Boolean skip, String variant, List<String> jvmArgs) {
    }

    /** {@link BenchKind#CONSUME_CPU}'s payload. */
    record ConsumeCpu(Integer warmupIterations, Integer measurementIterations, Integer forks, String title,
                      Boolean skip, List<Integer> threads, Integer threadsFrom, List<LockEntry> locks,
                      Integer rounds, Integer actionsCount, Long beforeCpuTokens, Long inCpuTokens, Integer yieldsBefore,
                      Boolean yieldInCrit) implements OfLocks {
    }

    /** {@link BenchKind#SHORT_SECTION}'s payload. */
    record ShortSection(Integer warmupIterations, Integer measurementIterations, Integer forks, String title,
                        Boolean skip, List<Integer> threads, Integer threadsFrom, List<LockEntry> locks,
                        Integer rounds, Integer acquisitionsCount, Integer outsideWork, Integer sharedWords) implements OfLocks {
    }

    /** {@link BenchKind#TEXT}'s payload. */
    record Text(Integer warmupIterations, Integer measurementIterations, Integer forks, String title,
                Boolean skip, List<Integer> threads, Integer threadsFrom, List<LockEntry> locks,
                Integer rounds, Integer lines, Integer maps, Long seed) implements OfLocks {
    }

    /** {@link BenchKind#SWITCH}'s payload: no {@code locks}, since it measures none. */
    record Switch(Integer warmupIterations, Integer measurementIterations, Integer forks, String title,
                  Boolean skip, List<Integer> threads, Integer threadsFrom,
                  Integer yieldsPerThread, Integer platformThreadsUpTo) implements Payload {
    }

    static <T> T orDefault(T value, T fallback) {
        return Objects.requireNonNullElse(value, fallback);
    }
}
