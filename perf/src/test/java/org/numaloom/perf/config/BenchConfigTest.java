package org.numaloom.perf.config;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.numaloom.perf.bench.Exclusion;
import org.numaloom.perf.bench.Handoffs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchConfigTest {
    private static final String SOURCE = "test.json";
    private static final List<String> BASELINES = List.of("UNFAIR_REENTRANT", "FAIR_REENTRANT", "SYNCHRONIZED");
    private static final List<Integer> GENERATED = ThreadCounts.forCores(Runtime.getRuntime().availableProcessors());

    @Test
    void theSeedsHighContentionConfigAsItIs() {
        BenchSpec high = only(BenchConfig.read(Path.of("configs/high.json")));
        assertEquals(new Work.ConsumeCpu(64_000, 0, 1_000, 1, true), high.work());
        assertEquals("ConsumeCPU. High contention.", high.title());
        assertEquals("consumecpu-high-contention", high.id());
        assertEquals(List.of("NUMA_MCS", "MCS", "UNFAIR_REENTRANT", "FAIR_REENTRANT", "SYNCHRONIZED"), high.locks());
        assertEquals(GENERATED, high.threads(), "no threads in the file: generated from the core count");
        assertEquals(List.of(7, 7, 3), List.of(high.warmupIterations(), high.measurementIterations(), high.forks()));
    }

    @Test
    void theSeedsLowContentionConfigKeepsThreadsFrom() {
        BenchSpec low = only(BenchConfig.read(Path.of("configs/low.json")));
        assertEquals(new Work.ConsumeCpu(64_000, 128_000, 1_000, 2, true), low.work());
        assertEquals(GENERATED.stream().filter(n -> n >= 4).toList(), low.threads());
    }

    @Test
    void theSeedsTextConfigGetsTheDefaultText() {
        BenchSpec text = only(BenchConfig.read(Path.of("configs/text.json")));
        assertEquals(new Work.Text(100_000, 0, 42), text.work());
        assertEquals(Map.of("lines", "100000", "maps", "0", "seed", "42"), text.work().jmhParams());
    }

    @Test
    void theQuickConfigHasEveryBench() {
        List<BenchSpec> quick = BenchConfig.read(Path.of("configs/quick.json")).benches();
        assertEquals(List.of(BenchKind.CONSUME_CPU, BenchKind.CONSUME_CPU, BenchKind.SHORT_SECTION, BenchKind.TEXT,
                        BenchKind.SWITCH), quick.stream().map(BenchSpec::kind).toList());
        assertEquals(List.of("high-contention", "low-contention", "short-critical-section", "text-statistics",
                "virtual-thread-switch-cost"), quick.stream().map(BenchSpec::id).toList());
        assertEquals(new Work.ShortSection(2_000_000, 3, 1), quick.get(2).work());
        assertEquals(List.of(2, 16, 64), quick.get(2).threads());
        assertEquals(List.of("NUMA_MCS", "CNA", "UNFAIR_REENTRANT", "FAIR_REENTRANT", "SYNCHRONIZED"),
                quick.get(2).locks(), "MCS, strict FIFO, runs at 0.01-0.02x here: left out of the quick short section");
        assertEquals(List.of(), quick.get(4).locks(), "the switch bench measures no lock");
    }

    @Test
    void thePerfGateConfigMeasuresTheShortSection() {
        List<BenchSpec> gate = BenchConfig.read(Path.of("../ci/perf-gate.json")).benches();
        assertEquals(List.of("high-contention", "low-contention", "short-critical-section"),
                gate.stream().map(BenchSpec::id).toList());
        assertEquals(List.of(2, 16, 64), gate.get(2).threads());
        assertEquals(Stream.concat(Stream.of("NUMA_MCS", "CNA"), Exclusion.RATIO_BASELINES.stream()).toList(),
                gate.get(2).locks(), "the short section's thresholds are ratios to the faster JDK lock: the fair"
                        + " ReentrantLock, three quarters of the pass's time, measures nothing the gate reads");
        List<Integer> rounds = gate.stream().map(BenchSpec::rounds).toList();
        assertTrue(rounds.stream().allMatch(r -> r >= 3 && r % 2 == 1),
                "every gated bench interleaves its locks over an odd number of rounds, at least 3, so that"
                        + " the median is one round's ratio; rounds: " + rounds);
    }

    @Test
    void theManyCoreConfigMeasuresTheCellsOfTheSixteenCoreTables() {
        List<BenchSpec> manycore = BenchConfig.read(Path.of("configs/manycore.json")).benches();
        assertEquals(List.of("short-critical-section", "text-statistics", "high-contention"),
                manycore.stream().map(BenchSpec::id).toList());
        assertEquals(List.of(List.of(2, 16, 64, 256), List.of(16, 64), List.of(16, 64, 256)),
                manycore.stream().map(BenchSpec::threads).toList());
        List<String> locks = Stream.concat(Stream.of("NUMA_MCS", "CNA"), Exclusion.RATIO_BASELINES.stream()).toList();
        assertTrue(manycore.stream().allMatch(bench -> bench.locks().equals(locks)),
                "NUMA_MCS and CNA against the JDK locks that issue 11's goals name, in every bench: the fair"
                        + " ReentrantLock, a twentieth of their speed on the short section on 16 cores, is left out");
        assertTrue(manycore.stream().allMatch(bench -> bench.rounds() >= 2),
                "a many-core run interleaves its locks, so that a lock and the JDK locks it is compared with"
                        + " run minutes apart at most");
    }

    /**
     * The modelled-cost curve in one run: each cost is a variant that sets the fork property the
     * benches read, so a renamed property would leave every "cost" at 0 without an error; and each
     * cost has its own JDK baselines, so that every ratio compares locks under the same charge.
     */
    @Test
    void theRemoteCostConfigChargesEachCostThroughTheBenchesPropertyToOursAndTheJdkLocks() {
        BenchSpec curve = only(BenchConfig.read(Path.of("configs/remote-cost.json")));
        for (String cost : List.of("130", "400")) {
            for (String lock : List.of("NUMA_MCS", "CNA", "UNFAIR_REENTRANT", "SYNCHRONIZED")) {
                String variant = lock + BenchSpec.VARIANT_SEPARATOR + "c" + cost;
                assertEquals(List.of("-D" + Handoffs.REMOTE_COST_PROPERTY + "=" + cost), curve.jvmArgsOf(variant), variant);
            }
        }
        assertEquals(8, curve.variantJvmArgs().size(), "only the cost variants: " + curve.variantJvmArgs().keySet());
        BenchSpec selected = only(BenchConfig.read(Path.of("configs/remote-cost.json"))
                .with(List.of("NUMA_MCS@c130"), List.of(), false));
        assertEquals(List.of("NUMA_MCS@c130", "UNFAIR_REENTRANT@c130", "SYNCHRONIZED@c130", "UNFAIR_REENTRANT", "SYNCHRONIZED"),
                selected.locks(), "--lock brings the baselines of the variant's label, its ratios' other side");
        assertEquals(List.of("-D" + Handoffs.REMOTE_COST_PROPERTY + "=130"), selected.jvmArgsOf("SYNCHRONIZED@c130"));
        assertTrue(curve.locks().containsAll(List.of("NUMA_MCS", "CNA", "UNFAIR_REENTRANT", "SYNCHRONIZED")), "cost 0");
    }

    @Test
    void roundsDefaultToOneAndAreCheckedLikeTheOtherFields() {
        assertEquals(1, only(parse(shortSection("\"threads\": [2]"))).rounds());
        assertEquals(3, only(parse(shortSection("\"rounds\": 3"))).rounds());
        assertEquals(100, only(parse(consumeCpu("\"rounds\": 100"))).rounds());
        assertEquals("test.json: benches[0].payload.rounds: must be at least 1, got 0", failure(text("\"rounds\": 0")));
        assertEquals("test.json: benches[0].payload.rounds: must be at most 100, got 101", failure(consumeCpu("\"rounds\": 101")));
        assertTrue(failure(shortSection("\"rounds\": \"3\"")).startsWith("test.json: benches[0].payload.rounds: expected a whole number"));
        assertTrue(failure(shortSection("\"rounds\": 1.5")).startsWith("test.json: benches[0].payload.rounds: expected a whole number"));
        assertTrue(failure("{\"benches\": [{\"name\": \"switch\", \"payload\": {\"rounds\": 2}}]}")
                .startsWith("test.json: benches[0].payload: unknown field 'rounds' for bench 'switch'"),
                "the switch bench has no baselines to measure in turn");
    }

    @Test
    void shortSectionDefaults() {
        BenchSpec spec = only(parse(shortSection("\"threads\": [2]")));
        assertEquals(new Work.ShortSection(1_000_000, 3, 1), spec.work(), "1,000,000 acquisitions, 3 xorshift steps, the counter only");
        assertEquals(Map.of("acquisitionsCount", "1000000", "outsideWork", "3", "sharedWords", "1"), spec.work().jmhParams());
        assertEquals(BASELINES, spec.locks());
        assertEquals(BenchKind.SHORT_SECTION, spec.kind());
        assertEquals("acquisitions/s", spec.kind().unit());
    }

    @Test
    void shortSectionFieldsAsGiven() {
        BenchSpec spec = only(parse(shortSection(
                "\"acquisitionsCount\": 64, \"outsideWork\": 0, \"sharedWords\": 1024, \"threads\": [1, 64]")));
        assertEquals(new Work.ShortSection(64, 0, 1_024), spec.work());
        assertEquals("64 acquisitions; before each: 0 xorshift steps of thread-local work; inside: counter++ and 1023 more "
                + "shared longs incremented; no yields", spec.work().describe());
    }

    @Test
    void shortSectionValuesOutOfRange() {
        assertEquals("test.json: benches[0].payload.acquisitionsCount: must be at least 1, got 0",
                failure(shortSection("\"acquisitionsCount\": 0")));
        assertEquals("test.json: benches[0].payload.outsideWork: must be at least 0, got -1",
                failure(shortSection("\"outsideWork\": -1")));
        assertEquals("test.json: benches[0].payload.sharedWords: must be at least 1, got 0",
                failure(shortSection("\"sharedWords\": 0")));
        assertEquals("test.json: benches[0].payload.sharedWords: must be at most 1024, got 1025",
                failure(shortSection("\"sharedWords\": 1025")));
        assertEquals("test.json: benches[0].payload.threads[0]: 5 threads is impossible: acquisitionsCount is 4, "
                + "so some threads would have nothing to do", failure(shortSection("\"acquisitionsCount\": 4, \"threads\": [5]")));
    }

    @Test
    void shortSectionFieldsOfTheWrongTypeOrBench() {
        assertTrue(failure(shortSection("\"outsideWork\": \"20\""))
                .startsWith("test.json: benches[0].payload.outsideWork: expected a whole number"));
        assertEquals("test.json: benches[0].payload: unknown field 'inCpuTokens' for bench 'shortSection'; expected one of: "
                + "acquisitionsCount, forks, locks, measurementIterations, outsideWork, rounds, sharedWords, skip, threads, "
                + "threadsFrom, title, warmupIterations", failure(shortSection("\"inCpuTokens\": 5")));
        assertTrue(failure(text("\"sharedWords\": 2"))
                .startsWith("test.json: benches[0].payload: unknown field 'sharedWords' for bench 'text'"));
        String unknown = failure(shortSection("\"acquisitions\": 5"));
        assertTrue(unknown.startsWith(
                "test.json: benches[0].payload: unknown field 'acquisitions' for bench 'shortSection'; expected one of: "), unknown);
        assertTrue(unknown.contains("acquisitionsCount"), unknown);
    }

    @Test
    void absentOptionalFieldsTakeTheirDefaults() {
        BenchSpec spec = only(parse("""
                {"benches": [{"name": "consumeCpu", "payload": {"actionsCount": 10, "beforeCpuTokens": 0, "inCpuTokens": 5}}]}
                """));
        assertEquals(new Work.ConsumeCpu(10, 0, 5, 1, false), spec.work(), "the seed's defaults: 1 yield before, none inside");
        assertEquals(List.of(5, 10, 1), List.of(spec.warmupIterations(), spec.measurementIterations(), spec.forks()));
        assertEquals(BASELINES, spec.locks());
        assertEquals("consumeCpu", spec.title());
        assertEquals(GENERATED.stream().filter(n -> n <= 10).toList(), spec.threads(),
                "generated counts above actionsCount are dropped, not an error: the user did not ask for them");
    }

    @Test
    void skippedBenchesAndLocksAreDropped() {
        BenchSpec spec = only(parse("""
                {"benches": [
                  {"name": "text", "payload": {"skip": true}},
                  {"name": "text", "payload": {"threads": [2], "locks": [{"name": "MCS", "skip": true}, {"name": "numa_mcs"}]}}
                ]}"""));
        assertEquals(List.of("NUMA_MCS", "UNFAIR_REENTRANT", "FAIR_REENTRANT", "SYNCHRONIZED"), spec.locks());
    }

    @Test
    void aBenchMayLeaveOutTheFairBaselineButNotTheTwoThatRatiosAreTakenTo() {
        BenchSpec spec = only(parse(text("\"threads\": [2], \"locks\": [{\"name\": \"CNA\"}, {\"name\": \"fair_reentrant\", \"skip\": true}]")));
        assertEquals(List.of("CNA", "UNFAIR_REENTRANT", "SYNCHRONIZED"), spec.locks());
        assertEquals("test.json: benches[0].payload.locks[1].skip: UNFAIR_REENTRANT cannot be skipped: every lock's"
                        + " ratios are taken to UNFAIR_REENTRANT and SYNCHRONIZED; of the baselines only FAIR_REENTRANT may be",
                failure(text("\"locks\": [{\"name\": \"CNA\"}, {\"name\": \"UNFAIR_REENTRANT\", \"skip\": true}]")));
        assertTrue(failure(text("\"locks\": [{\"name\": \"synchronized\", \"skip\": true}]"))
                .startsWith("test.json: benches[0].payload.locks[0].skip: SYNCHRONIZED cannot be skipped"));
    }

    @Test
    void aVariantMeasuresItsLockAgainUnderItsOwnNameWithItsFlags() {
        BenchSpec spec = only(parse(shortSection("""
                "threads": [2], "locks": [{"name": "numa_mcs"},
                  {"name": "NUMA_MCS", "variant": "nospin", "jvmArgs": ["-Dnumaloom.leaderSpinNanos=0"]},
                  {"name": "SYNCHRONIZED", "variant": "same"}, {"name": "CNA", "variant": "off", "skip": true}]""")));
        assertEquals(List.of("NUMA_MCS", "NUMA_MCS@nospin", "SYNCHRONIZED@same", "UNFAIR_REENTRANT", "FAIR_REENTRANT",
                "SYNCHRONIZED"), spec.locks(), "a variant of a baseline is measured beside the baseline itself");
        assertEquals(List.of("-Dnumaloom.leaderSpinNanos=0"), spec.jvmArgsOf("NUMA_MCS@nospin"));
        assertEquals(List.of(), spec.jvmArgsOf("SYNCHRONIZED@same"), "no flags: an A/A pair, the run's own noise");
        assertEquals(List.of(), spec.jvmArgsOf("NUMA_MCS"));
        assertEquals("NUMA_MCS", BenchSpec.lockOf("NUMA_MCS@nospin"));
        assertEquals("CNA", BenchSpec.lockOf("CNA"));
        BenchSpec byCommandLine = only(parse(shortSection("""
                "threads": [2], "locks": [{"name": "NUMA_MCS", "variant": "nospin", "jvmArgs": ["-Da=1"]}]"""))
                .with(List.of("CNA"), List.of(), false));
        assertEquals(Map.of(), byCommandLine.variantJvmArgs(), "--lock replaces the config's variants too");
    }

    /** A --lock or --threads that no bench would use is an error, not a run that ignores it (found in review). */
    @Test
    void commandLineLocksOrThreadsThatNoBenchTakesAreAnError() {
        BenchConfig switchOnly = parse("{\"benches\": [{\"name\": \"switch\", \"payload\": {\"threads\": [100]}}]}");
        assertEquals("command line: --lock: no bench of test.json measures locks (its benches: switch), so it would go unused;"
                        + " leave it out, or choose a config with lock benches",
                assertThrows(ConfigException.class, () -> switchOnly.with(List.of("FOO"), List.of(7), false)).getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> switchOnly.with(List.of(), List.of(7), false)).getMessage()
                .startsWith("command line: --threads: no bench of test.json measures locks"));
        assertEquals(1, switchOnly.with(List.of(), List.of(), true).benches().size(), "--quick alone applies to it");
    }

    @Test
    void commandLineLocksMaySelectAConfigsVariantsByName() {
        BenchConfig config = parse(shortSection("""
                "threads": [2], "locks": [{"name": "NUMA_MCS"},
                  {"name": "NUMA_MCS", "variant": "noSpin", "jvmArgs": ["-Dnumaloom.leaderSpinNanos=0"]}]"""));
        BenchSpec selected = only(config.with(List.of("numa_mcs@NOSPIN", "CNA"), List.of(), false));
        assertEquals(List.of("NUMA_MCS@noSpin", "CNA", "UNFAIR_REENTRANT", "FAIR_REENTRANT", "SYNCHRONIZED"),
                selected.locks(), "the variant under its config's name, its lock not measured unless named");
        assertEquals(List.of("-Dnumaloom.leaderSpinNanos=0"), selected.jvmArgsOf("NUMA_MCS@noSpin"));
        assertEquals(List.of("NUMA_MCS@noSpin"), only(config.with(List.of(" NUMA_MCS @ noSpin "), List.of(), false))
                .locks().subList(0, 1), "blanks around the name and its separator, as a shell quote may leave them");
        ConfigException e = assertThrows(ConfigException.class, () -> config.with(List.of("NUMA_MCS@fast"), List.of(), false));
        assertEquals("command line: --lock: 'NUMA_MCS@fast' names a variant, and bench 'shortsection' of test.json has"
                + " only NUMA_MCS@noSpin: a variant is defined in a config, as a lock entry with a \"variant\" label and"
                + " its \"jvmArgs\" (docs/benchmarks.md), and --lock selects it by that name", e.getMessage());
        assertTrue(assertThrows(ConfigException.class,
                        () -> parse(text("\"threads\": [2]")).with(List.of("CNA@x"), List.of(), false)).getMessage()
                .contains("'CNA@x' names a variant, and bench 'text' of test.json has none: "));
    }

    @Test
    void aVariantsLabelAndFlagsAreChecked() {
        assertEquals("test.json: benches[0].payload.locks[0].variant: 'no spin' is not a variant label: use letters,"
                        + " digits, '_', '.' or '-' (e.g. \"nospin\"), at most 40",
                failure(shortSection("\"locks\": [{\"name\": \"CNA\", \"variant\": \"no spin\"}]")));
        assertEquals("test.json: benches[0].payload.locks[0].jvmArgs[1]: expected a JVM option such as"
                        + " \"-Dnumaloom.leaderSpinNanos=0\", got 'numaloom.x=1'",
                failure(shortSection("\"locks\": [{\"name\": \"CNA\", \"variant\": \"v\", \"jvmArgs\": [\"-Da=1\", \"numaloom.x=1\"]}]")));
        assertEquals("test.json: benches[0].payload.locks[1].variant: CNA@V is named twice (labels that differ in case"
                        + " alone name the same files): give each variant of a lock its own label",
                failure(shortSection("\"locks\": [{\"name\": \"CNA\", \"variant\": \"v\"}, {\"name\": \"cna\", \"variant\": \"V\"}]")));
        assertEquals("test.json: benches[0].payload.locks[0].jvmArgs: jvmArgs belong to a variant: add a label,"
                        + " {\"name\": \"CNA\", \"variant\": \"LABEL\", \"jvmArgs\": [...]}, measured as CNA@LABEL beside CNA itself",
                failure(shortSection("\"locks\": [{\"name\": \"CNA\", \"jvmArgs\": [\"-Da=1\"]}]")));
        assertTrue(failure(shortSection("\"locks\": [{\"name\": \"NO_SUCH\", \"variant\": \"v\"}]"))
                .startsWith("test.json: benches[0].payload.locks[0].name: unknown lock 'NO_SUCH'"), "the lock itself must exist");
    }

    @Test
    void repeatedTitlesGetDistinctIds() {
        BenchConfig config = parse("""
                {"benches": [{"name": "text", "payload": {"title": "Words!", "threads": [2]}},
                             {"name": "text", "payload": {"title": "words", "threads": [2]}}]}""");
        assertEquals(List.of("words", "words-2"), config.benches().stream().map(BenchSpec::id).toList());
    }

    @Test
    void threadsAreSortedWithoutDuplicates() {
        assertEquals(List.of(2, 8, 64), only(parse(text("\"threads\": [64, 2, 8, 2]"))).threads());
    }

    @Test
    void unknownPayloadField() {
        String message = failure(consumeCpu("\"actionCount\": 5"));
        assertTrue(message.startsWith(
                "test.json: benches[0].payload: unknown field 'actionCount' for bench 'consumeCpu'; expected one of: "), message);
        assertTrue(message.contains("actionsCount"), message);
    }

    @Test
    void unknownTopLevelField() {
        assertTrue(failure("{\"benches\": [], \"type\": \"jmh\"}").startsWith("test.json: unknown field 'type'"));
    }

    @Test
    void fieldThatDoesNotApplyToTheBench() {
        assertEquals("test.json: benches[0].payload: unknown field 'inCpuTokens' for bench 'text'; expected one of: "
                + "forks, lines, locks, maps, measurementIterations, rounds, seed, skip, threads, threadsFrom, title, warmupIterations",
                failure(text("\"inCpuTokens\": 5")));
        assertTrue(failure("{\"benches\": [{\"name\": \"switch\", \"payload\": {\"locks\": [{\"name\": \"MCS\"}]}}]}")
                .startsWith("test.json: benches[0].payload: unknown field 'locks' for bench 'switch'; expected one of: "),
                "the switch bench measures no lock");
    }

    @Test
    void onlyTheSwitchBenchMeasuresNoLock() {
        assertEquals(List.of(BenchKind.SWITCH),
                Arrays.stream(BenchKind.values()).filter(kind -> !kind.takesLocks()).toList());
    }

    @Test
    void theNameMayFollowThePayload() {
        BenchSpec spec = only(parse("{\"benches\": [{\"payload\": {\"lines\": 5, \"threads\": [2]}, \"name\": \"text\"}]}"));
        assertEquals(new Work.Text(5, 0, 42), spec.work());
    }

    @Test
    void aMissingPayloadTakesEveryDefault() {
        assertEquals(new Work.Text(100_000, 0, 42), only(parse("{\"benches\": [{\"name\": \"text\"}]}")).work());
        assertEquals("test.json: benches[0].payload.actionsCount: missing; bench 'consumeCpu' needs it",
                failure("{\"benches\": [{\"name\": \"consumeCpu\", \"payload\": null}]}"));
    }

    @Test
    void missingName() {
        assertEquals("test.json: benches[0].name: missing or not a string; expected one of: consumeCpu, shortSection, text, "
                + "switch", failure("{\"benches\": [{\"payload\": {\"lines\": 5}}]}"));
        assertEquals("test.json: benches[0].name: missing or not a string; expected one of: consumeCpu, shortSection, text, "
                + "switch", failure("{\"benches\": [{\"name\": [\"text\"], \"payload\": {}}]}"));
        assertEquals("test.json: benches[0].name: missing; expected one of: consumeCpu, shortSection, text, switch",
                failure("{\"benches\": [{}]}"));
    }

    @Test
    void entryOrPayloadThatIsNoObject() {
        assertTrue(failure("{\"benches\": [\"text\"]}").startsWith("test.json: benches[0]: expected an object {...}"));
        assertTrue(failure("{\"benches\": [{\"name\": \"text\", \"payload\": [1]}]}")
                .startsWith("test.json: benches[0].payload: expected an object {...}"));
    }

    @Test
    void unknownEntryField() {
        assertEquals("test.json: benches[0]: unknown field 'kind'; expected one of: name, payload",
                failure("{\"benches\": [{\"name\": \"text\", \"payload\": {}, \"kind\": \"jmh\"}]}"));
    }

    @Test
    void fieldOfTheWrongTypeInsideAPayloadsList() {
        String message = failure(text("\"locks\": [{\"name\": [\"MCS\"]}]"));
        assertTrue(message.startsWith("test.json: benches[0].payload.locks[0].name: expected a string"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"64000\"", "1.5", "true", "[1]"})
    void numberOfTheWrongType(String value) {
        String message = failure("""
                {"benches": [{"name": "consumeCpu", "payload": {"actionsCount": %s}}]}""".formatted(value));
        assertTrue(message.startsWith("test.json: benches[0].payload.actionsCount: expected a whole number"), message);
    }

    @Test
    void booleanOfTheWrongType() {
        assertTrue(failure(consumeCpu("\"yieldInCrit\": 1"))
                .startsWith("test.json: benches[0].payload.yieldInCrit: expected true or false"));
    }

    @Test
    void threadsThatAreNotAList() {
        assertTrue(failure(text("\"threads\": 4")).startsWith("test.json: benches[0].payload.threads: expected a list"));
    }

    @Test
    void unknownLockListsTheKnownOnes() {
        String message = failure(text("\"threads\": [2], \"locks\": [{\"name\": \"MCS\"}, {\"name\": \"NUMA_MSC\"}]"));
        assertTrue(message.startsWith("test.json: benches[0].payload.locks[1].name: unknown lock 'NUMA_MSC'; known locks: "
                + "SYNCHRONIZED, NUMA_MCS"), message);
    }

    @Test
    void lockWithoutName() {
        assertTrue(failure(text("\"threads\": [2], \"locks\": [{}]"))
                .startsWith("test.json: benches[0].payload.locks[0]: expected {\"name\": \"LOCK_NAME\"}"));
    }

    @Test
    void threadCountBelowOne() {
        assertEquals("test.json: benches[0].payload.threads[1]: a thread count must be at least 1, got 0",
                failure(text("\"threads\": [2, 0]")));
    }

    @Test
    void moreThreadsThanWork() {
        assertEquals("test.json: benches[0].payload.threads[0]: 11 threads is impossible: actionsCount is 10, "
                + "so some threads would have nothing to do", failure(consumeCpu("\"threads\": [11]")));
        assertTrue(failure(text("\"lines\": 3, \"threads\": [4]")).contains("4 threads is impossible: lines is 3"));
    }

    @Test
    void emptyThreads() {
        assertTrue(failure(text("\"threads\": []")).startsWith("test.json: benches[0].payload.threads: is empty"));
    }

    @Test
    void threadsFromThatLeavesNothing() {
        assertEquals("test.json: benches[0].payload.threadsFrom: 100 leaves no thread count of [2, 4]; "
                + "lower it or add larger counts to threads", failure(text("\"threads\": [2, 4], \"threadsFrom\": 100")));
    }

    @Test
    void outOfRangeValues() {
        assertEquals("test.json: benches[0].payload.measurementIterations: must be at least 1, got 0",
                failure(text("\"measurementIterations\": 0")));
        assertEquals("test.json: benches[0].payload.beforeCpuTokens: must be at least 0, got -1",
                failure("""
                        {"benches": [{"name": "consumeCpu", "payload": {"actionsCount": 10, "beforeCpuTokens": -1, "inCpuTokens": 5}}]}"""));
        assertEquals("test.json: benches[0].payload.platformThreadsUpTo: must be at most 32768, got 100000",
                failure("{\"benches\": [{\"name\": \"switch\", \"payload\": {\"platformThreadsUpTo\": 100000}}]}"));
    }

    @Test
    void missingRequiredField() {
        assertEquals("test.json: benches[0].payload.inCpuTokens: missing; bench 'consumeCpu' needs it", failure("""
                {"benches": [{"name": "consumeCpu", "payload": {"actionsCount": 10, "beforeCpuTokens": 0}}]}"""));
    }

    @Test
    void unknownBench() {
        assertEquals("test.json: benches[0].name: unknown bench 'matrix'; expected one of: consumeCpu, shortSection, text, switch",
                failure("{\"benches\": [{\"name\": \"matrix\", \"payload\": {}}]}"));
        assertEquals("test.json: benches[0].name: unknown bench 'matrix'; expected one of: consumeCpu, shortSection, text, switch",
                failure("{\"benches\": [{\"name\": \"matrix\"}]}"), "without a payload too");
    }

    @Test
    void malformedJsonSaysWhere() {
        String message = failure("{\"benches\": [{\"name\": \"text\",, }]}");
        assertTrue(message.startsWith("test.json: benches[0]: malformed JSON (line 1, column 30): "), message);
    }

    @Test
    void duplicateFieldIsAnError() {
        String message = failure(text("\"lines\": 5, \"lines\": 6"));
        assertTrue(message.contains("Duplicate field 'lines'"), message);
    }

    @Test
    void missingOrEmptyBenches() {
        assertTrue(failure("{}").startsWith("test.json: benches: missing"));
        assertEquals("test.json: benches: no bench to run (the list is empty or every bench is skipped)",
                failure("{\"benches\": []}"));
    }

    @Test
    void missingFile() {
        ConfigException e = assertThrows(ConfigException.class, () -> BenchConfig.read(Path.of("no/such.json")));
        assertEquals(Path.of("no/such.json") + ": no such file", e.getMessage());
    }

    @Test
    void commandLineLocksAndThreadsReplaceTheConfigsAndKeepTheBaselines() {
        BenchConfig config = parse(consumeCpu("\"threads\": [2], \"locks\": [{\"name\": \"MCS\"}]"))
                .with(List.of("numa_mcs", "SYNCHRONIZED"), List.of(4, 1), false);
        BenchSpec spec = only(config);
        assertEquals(List.of("NUMA_MCS", "SYNCHRONIZED", "UNFAIR_REENTRANT", "FAIR_REENTRANT"), spec.locks());
        assertEquals(List.of(1, 4), spec.threads());
    }

    @Test
    void commandLineLocksKeepABenchsSkipOfTheFairBaselineUnlessNamed() {
        BenchConfig config = parse(text("\"threads\": [2], \"locks\": [{\"name\": \"FAIR_REENTRANT\", \"skip\": true}]"));
        assertEquals(List.of("CNA", "UNFAIR_REENTRANT", "SYNCHRONIZED"),
                only(config.with(List.of("CNA"), List.of(), false)).locks());
        assertEquals(List.of("CNA", "FAIR_REENTRANT", "UNFAIR_REENTRANT", "SYNCHRONIZED"),
                only(config.with(List.of("CNA", "fair_reentrant"), List.of(), false)).locks(), "asked for by name");
    }

    @Test
    void commandLineThreadsAreCheckedAgainstEachBench() {
        BenchConfig config = parse(consumeCpu("\"threads\": [2]"));
        ConfigException e = assertThrows(ConfigException.class, () -> config.with(List.of(), List.of(64), false));
        assertEquals("command line: --threads (for bench 'consumecpu' of test.json): 64 threads is impossible: "
                + "actionsCount is 10, so some threads would have nothing to do", e.getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> config.with(List.of("NO_SUCH"), List.of(), false))
                .getMessage().startsWith("command line: --lock: unknown lock 'NO_SUCH'; known locks: "));
    }

    @Test
    void quickCutsIterationsForksAndRounds() {
        BenchSpec spec = only(parse(text("\"warmupIterations\": 7, \"measurementIterations\": 7, \"forks\": 3, \"rounds\": 3"))
                .with(List.of(), List.of(), true));
        assertEquals(List.of(1, 3, 1, 1),
                List.of(spec.warmupIterations(), spec.measurementIterations(), spec.forks(), spec.rounds()));
    }

    @Test
    void generatedThreadCounts() {
        assertEquals(List.of(1, 2, 4, 8, 32), ThreadCounts.forCores(2));
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 48, 96, 192, 768), ThreadCounts.forCores(48));
    }

    private static BenchConfig parse(String json) {
        return BenchConfig.parse(json, SOURCE);
    }

    private static String failure(String json) {
        return assertThrows(ConfigException.class, () -> parse(json)).getMessage();
    }

    private static BenchSpec only(BenchConfig config) {
        assertEquals(1, config.benches().size());
        return config.benches().get(0);
    }

    private static String consumeCpu(String extra) {
        return """
                {"benches": [{"name": "consumeCpu", "payload": {"actionsCount": 10, "beforeCpuTokens": 0, "inCpuTokens": 5, %s}}]}
                """.formatted(extra);
    }

    private static String shortSection(String extra) {
        return "{\"benches\": [{\"name\": \"shortSection\", \"payload\": {" + extra + "}}]}";
    }

    private static String text(String extra) {
        return "{\"benches\": [{\"name\": \"text\", \"payload\": {" + extra + "}}]}";
    }
}
