package org.numaloom.perf.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import org.numaloom.perf.bench.Exclusion;

/**
 * A benchmark config: the seed study's JSON format, read with Jackson and checked in full before
 * anything runs, since a typo found after an hour of measuring costs the hour.
 *
 * <pre>{@code
 * {"benches": [{"name": "consumeCpu", "payload": {"actionsCount": 64000, "beforeCpuTokens": 0,
 *   "inCpuTokens": 1000, "yieldsBefore": 1, "yieldInCrit": true, "warmupIterations": 5,
 *   "measurementIterations": 10, "forks": 1, "title": "High contention", "skip": false,
 *   "threads": [2, 4, 16, 64], "locks": [{"name": "NUMA_MCS"}, {"name": "MCS"}]}}]}
 * }</pre>
 *
 * <p>Each bench's {@code name} picks the record its {@code payload} is read into ({@link Payload}),
 * so Jackson itself rejects a field that the bench does not use. Reading is strict: an unknown
 * field, a string where a number belongs, a number out of range, an unknown lock or a thread count the work cannot be spread over
 * all stop it with a {@link ConfigException} naming the file and the field. Benches and locks marked
 * {@code skip} are dropped. Absent {@code threads} are {@linkplain ThreadCounts#forCores generated}
 * from the core count, then {@code threadsFrom} drops the smaller ones, as in the seed. Every bench
 * that measures locks also measures the {@linkplain Exclusion#BASELINES baselines}, but for
 * {@value Exclusion#FAIR_REENTRANT} where its entry is skipped.
 *
 * <p>A config may say in one line what it is for ({@code "description"}); {@code --help} lists the
 * named configs with it, so the list is the files themselves.
 *
 * @param source      the file it came from, as given, for messages and the report
 * @param description what the config is for, from its {@code description}; empty if it has none
 */
public record BenchConfig(String source, String description, List<BenchSpec> benches) {
    static final int DEFAULT_WARMUP_ITERATIONS = 5;
    static final int DEFAULT_MEASUREMENT_ITERATIONS = 10;
    static final int DEFAULT_FORKS = 1;
    static final int DEFAULT_ROUNDS = 1;
    /** Each round forks every lock again at every thread count: more than this is hours, not a gate. */
    static final int MAX_ROUNDS = 100;
    static final int DEFAULT_YIELDS_BEFORE = 1;
    static final int DEFAULT_ACQUISITIONS = 1_000_000;
    static final int DEFAULT_OUTSIDE_WORK = 3;
    static final int DEFAULT_SHARED_WORDS = 1;
    /** 8 KiB of shared longs: more and the section is no longer short (and leaves L1). */
    static final int MAX_SHARED_WORDS = 1_024;
    static final int DEFAULT_LINES = 100_000;
    /** A variant's label: it becomes part of file names and table rows. */
    static final Pattern VARIANT_LABEL = Pattern.compile("[A-Za-z0-9_.-]{1,40}");
    static final long DEFAULT_SEED = 42;
    static final int DEFAULT_YIELDS_PER_THREAD = 100;
    static final int DEFAULT_PLATFORM_THREADS_UP_TO = 10_000;
    static final List<Integer> DEFAULT_SWITCH_THREADS = List.of(100, 1_000, 10_000, 50_000);
    /** Above this, starting the platform threads alone takes longer than the rest of a run. */
    static final int MAX_PLATFORM_THREADS = 32_768;

    /** Iterations and forks under {@code --quick}, at most. */
    static final int QUICK_WARMUP_ITERATIONS = 1;
    static final int QUICK_MEASUREMENT_ITERATIONS = 3;

    /** The source named in errors about command-line choices. */
    private static final String COMMAND_LINE = "command line";

    private static final ObjectMapper STRICT_JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // an entry without a payload takes every default, as it did before payloads had types
            .disable(DeserializationFeature.FAIL_ON_MISSING_EXTERNAL_TYPE_ID_PROPERTY)
            .registerSubtypes(Arrays.stream(BenchKind.values())
                    .map(kind -> new NamedType(kind.payloadType(), kind.configName())).toArray(NamedType[]::new))
            .build();

    /** The JSON document: {@code benches} and an optional one-line {@code description}. */
    record Document(String description, List<Entry> benches) {
    }

    /**
     * One element of {@code benches}: its {@code name} picks the payload's record, which then has
     * only the fields of that bench. The name is also kept ({@code visible}) for an entry without a
     * payload, which takes every default.
     */
    record Entry(String name,
                 @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXTERNAL_PROPERTY,
                         property = "name", visible = true) Payload payload) {
    }

    /**
     * Reads and checks a config file.
     *
     * @throws ConfigException naming the file and the field, for any problem
     */
    public static BenchConfig read(Path file) {
        String json;
        try {
            json = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(file.toString(), "", "no such file");
        } catch (IOException e) {
            throw new ConfigException(file.toString(), "", "cannot be read: " + e.getMessage(), e);
        }
        return parse(json, file.toString());
    }

    /**
     * Parses and checks a config's text.
     *
     * @param source where the text came from, for messages
     * @throws ConfigException naming the source and the field, for any problem
     */
    public static BenchConfig parse(String json, String source) {
        Document document;
        try {
            document = STRICT_JSON.readValue(json, Document.class);
        } catch (JacksonException e) {
            throw translate(e, source);
        }
        if (document == null || document.benches() == null) {
            throw new ConfigException(source, "benches", "missing; expected {\"benches\": [{\"name\": ..., \"payload\": {...}}, ...]}");
        }
        List<BenchSpec> specs = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (int i = 0; i < document.benches().size(); i++) {
            BenchSpec spec = new EntryReader(source, "benches[" + i + "]", document.benches().get(i)).read(ids);
            if (spec != null) {
                specs.add(spec);
            }
        }
        if (specs.isEmpty()) {
            throw new ConfigException(source, "benches", "no bench to run (the list is empty or every bench is skipped)");
        }
        return new BenchConfig(source, document.description() == null ? "" : document.description().strip(),
                List.copyOf(specs));
    }

    /**
     * This config with the command line's choices applied, checked like the file's own values.
     *
     * @param locks   lock names to measure instead of each bench's own, with the baselines but for
     *                {@value Exclusion#FAIR_REENTRANT} where the bench skips it and it is not named;
     *                empty to keep them
     * @param threads thread counts instead of each lock bench's own; empty to keep them
     * @param quick   whether to cut iterations to {@value #QUICK_WARMUP_ITERATIONS} warm-up and
     *                {@value #QUICK_MEASUREMENT_ITERATIONS} measured, in one fork and one round
     * @throws ConfigException if a lock is unknown or a thread count impossible for a bench, or
     *     locks or thread counts are given and no bench takes them
     */
    public BenchConfig with(List<String> locks, List<Integer> threads, boolean quick) {
        if ((!locks.isEmpty() || !threads.isEmpty()) && benches.stream().noneMatch(spec -> spec.kind().takesLocks())) {
            throw new ConfigException(COMMAND_LINE, locks.isEmpty() ? "--threads" : "--lock", "no bench of " + source
                    + " measures locks (its benches: " + benches.stream().map(BenchSpec::id).collect(Collectors.joining(", "))
                    + "), so it would go unused; leave it out, or choose a config with lock benches");
        }
        List<BenchSpec> changed = new ArrayList<>();
        for (BenchSpec spec : benches) {
            List<String> specLocks = spec.locks();
            List<Integer> specThreads = spec.threads();
            if (spec.kind().takesLocks()) {
                if (!locks.isEmpty()) {
                    // a bench that skips the fair lock keeps skipping it; naming it brings it back
                    specLocks = withBaselines(commandLineLocks(locks, spec), spec.locks().contains(Exclusion.FAIR_REENTRANT));
                }
                if (!threads.isEmpty()) {
                    specThreads = new Checker(COMMAND_LINE).threads(threads, spec.work(),
                            "--threads (for bench '" + spec.id() + "' of " + source + ")");
                }
            }
            changed.add(spec.with(specLocks, specThreads,
                    quick ? Math.min(spec.warmupIterations(), QUICK_WARMUP_ITERATIONS) : spec.warmupIterations(),
                    quick ? Math.min(spec.measurementIterations(), QUICK_MEASUREMENT_ITERATIONS) : spec.measurementIterations(),
                    quick ? 1 : spec.forks(), quick ? 1 : spec.rounds()));
        }
        return new BenchConfig(source, description, List.copyOf(changed));
    }

    /**
     * The command line's lock names for one bench, canonical: a lock's by the registry, a variant's
     * ({@code LOCK@label}) as the bench's config spells it, since only a config defines a variant's
     * flags.
     */
    private List<String> commandLineLocks(List<String> names, BenchSpec spec) {
        List<String> canonical = new ArrayList<>();
        for (String name : names) {
            if (name.contains(BenchSpec.VARIANT_SEPARATOR)) {
                String variant = variantOf(joinedAtSeparator(name), spec);
                canonical.add(variant);
                // the baselines' variants of its label, where it is compared with them
                spec.ratioBaselinesOf(variant).stream().filter(baseline -> !baseline.equals(BenchSpec.lockOf(baseline)))
                        .forEach(canonical::add);
                continue;
            }
            try {
                canonical.add(Exclusion.named(name).name());
            } catch (IllegalArgumentException unknown) {
                throw new ConfigException(COMMAND_LINE, "--lock", unknown.getMessage(), unknown);
            }
        }
        return canonical;
    }

    /**
     * A variant's name as typed, {@code " NUMA_MCS @ c130"}, without the blanks around it and its
     * separator, which a quoted shell argument keeps: neither a lock's name nor a label has blanks.
     */
    private static String joinedAtSeparator(String typed) {
        int separator = typed.indexOf(BenchSpec.VARIANT_SEPARATOR);
        String label = typed.substring(separator + BenchSpec.VARIANT_SEPARATOR.length());
        return typed.substring(0, separator).strip() + BenchSpec.VARIANT_SEPARATOR + label.strip();
    }

    /** The bench's variant of that name, ignoring case ({@link BenchSpec#spelledAmong}). */
    private String variantOf(String name, BenchSpec spec) {
        Set<String> variants = spec.variantJvmArgs().keySet();
        return BenchSpec.spelledAmong(variants, name).orElseThrow(() -> new ConfigException(
                COMMAND_LINE, "--lock", "'" + name + "' names a variant, and bench '" + spec.id() + "' of " + source
                + " has " + (variants.isEmpty() ? "none" : "only " + String.join(", ", spec.locks().stream()
                        .filter(variants::contains).toList()))
                + ": a variant is defined in a config, as a lock entry with a \"variant\" label and its \"jvmArgs\""
                + " (docs/benchmarks.md), and --lock selects it by that name"));
    }

    /**
     * The locks and then the baselines not among them, {@value Exclusion#FAIR_REENTRANT} only if
     * {@code withFair} (a lock list that names it keeps it either way).
     */
    static List<String> withBaselines(List<String> locks, boolean withFair) {
        Set<String> all = new LinkedHashSet<>(locks);
        Exclusion.BASELINES.stream().filter(baseline -> withFair || !baseline.equals(Exclusion.FAIR_REENTRANT))
                .forEach(all::add);
        return List.copyOf(all);
    }

    /**
     * Jackson's error as a {@link ConfigException}. Jackson reads an entry's {@code name} as the type
     * id of its payload, so an unknown or missing name is its error too; and it reads the payload
     * from a buffer once the name is known, so the payload's own reference is missing from the path
     * (see {@link #path}) and is put back here where the payload itself is the problem.
     */
    private static ConfigException translate(JacksonException e, String source) {
        List<JsonMappingException.Reference> references = e instanceof JsonMappingException mapping ? mapping.getPath()
                : List.of();
        String field;
        String problem;
        switch (e) {
            case UnrecognizedPropertyException unknown -> {
                BenchKind kind = payloadKind(unknown.getReferringClass());
                // the path says where the field was found; the message names it
                field = path(references.subList(0, references.size() - 1)) + (kind == null ? "" : ".payload");
                Set<String> known = new TreeSet<>();
                unknown.getKnownPropertyIds().forEach(id -> known.add(String.valueOf(id)));
                if (unknown.getReferringClass() == Entry.class) {
                    known.add("payload"); // Jackson reads it with the name, as the typed value, not as a property
                }
                problem = "unknown field '" + unknown.getPropertyName() + "'"
                        + (kind == null ? "" : " for bench '" + kind.configName() + "'") + "; expected one of: "
                        + String.join(", ", known);
            }
            case InvalidTypeIdException unknownName -> {
                field = path(references) + ".name";
                problem = unknownBench(unknownName.getTypeId());
            }
            // a payload without a string name to pick its record: the path ends at the payload
            case MismatchedInputException mismatch when !references.isEmpty()
                    && references.getLast().getFrom() == Entry.class && "payload".equals(references.getLast().getFieldName()) -> {
                field = path(references.subList(0, references.size() - 1)) + ".name";
                problem = "missing or not a string; expected one of: " + BenchKind.configNames();
            }
            case MismatchedInputException mismatch when mismatch.getTargetType() != null -> {
                field = path(references) + (payloadKind(mismatch.getTargetType()) == null ? "" : ".payload");
                problem = "expected " + describe(mismatch.getTargetType()) + at(e.getLocation());
            }
            default -> {
                field = path(references);
                problem = "malformed JSON" + at(e.getLocation()) + ": " + e.getOriginalMessage();
            }
        }
        return new ConfigException(source, field, problem, e);
    }

    /** What is wrong with an entry's {@code name}: missing (null) or not a bench's. */
    private static String unknownBench(String name) {
        return (name == null ? "missing" : "unknown bench '" + name + "'") + "; expected one of: " + BenchKind.configNames();
    }

    /**
     * Where the problem is, e.g. {@code benches[0].payload.threads[2]}. Jackson leaves the entry's
     * {@code payload} out of the references of what it reads inside a payload, so a payload record's
     * field gets it back.
     */
    private static String path(List<JsonMappingException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : references) {
            if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            } else if (reference.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(payloadKind(reference.getFrom()) == null ? "" : "payload.")
                        .append(reference.getFieldName());
            }
        }
        return path.toString();
    }

    /** The bench whose payload record that is (a class or an instance, as Jackson's references hold), or null. */
    private static BenchKind payloadKind(Object from) {
        Object type = from instanceof Payload payload ? payload.getClass() : from;
        return Arrays.stream(BenchKind.values()).filter(kind -> kind.payloadType() == type).findFirst().orElse(null);
    }

    private static String at(JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    private static String describe(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list [...]";
        }
        return "an object {...}";
    }

    /** Turns one {@code benches} entry into a spec, checking each field; null for a skipped bench. */
    private record EntryReader(String source, String where, Entry entry) {

        BenchSpec read(Set<String> ids) {
            if (entry == null) {
                throw error("", "expected an object {\"name\": ..., \"payload\": {...}}, got null");
            }
            BenchKind kind = BenchKind.named(entry.name());
            if (kind == null) {
                throw error(".name", unknownBench(entry.name()));
            }
            Payload payload = entry.payload() == null ? STRICT_JSON.convertValue(Map.of(), kind.payloadType())
                    : entry.payload();
            if (Payload.orDefault(payload.skip(), false)) {
                return null;
            }
            Checker check = new Checker(source);
            Work work = work(payload, check);
            String title = Payload.orDefault(payload.title(), kind.configName());
            LockList locks = locks(payload);
            return new BenchSpec(uniqueId(title, ids), title, work, locks.names(), locks.variantJvmArgs(),
                    threads(kind, payload, work, check),
                    check.atLeast(payload.warmupIterations(), DEFAULT_WARMUP_ITERATIONS, 0, field("warmupIterations")),
                    check.atLeast(payload.measurementIterations(), DEFAULT_MEASUREMENT_ITERATIONS, 1, field("measurementIterations")),
                    check.atLeast(payload.forks(), DEFAULT_FORKS, 1, field("forks")),
                    payload instanceof Payload.OfLocks ofLocks
                            ? check.within(ofLocks.rounds(), DEFAULT_ROUNDS, 1, MAX_ROUNDS, field("rounds")) : DEFAULT_ROUNDS);
        }

        private Work work(Payload payload, Checker check) {
            return switch (payload) {
                case Payload.ConsumeCpu p -> new Work.ConsumeCpu(
                        check.atLeast(required(p.actionsCount(), "actionsCount"), 0, 1, field("actionsCount")),
                        check.atLeast(required(p.beforeCpuTokens(), "beforeCpuTokens"), 0L, 0L, field("beforeCpuTokens")),
                        check.atLeast(required(p.inCpuTokens(), "inCpuTokens"), 0L, 0L, field("inCpuTokens")),
                        check.atLeast(p.yieldsBefore(), DEFAULT_YIELDS_BEFORE, 0, field("yieldsBefore")),
                        Payload.orDefault(p.yieldInCrit(), false));
                case Payload.ShortSection p -> new Work.ShortSection(
                        check.atLeast(p.acquisitionsCount(), DEFAULT_ACQUISITIONS, 1, field("acquisitionsCount")),
                        check.atLeast(p.outsideWork(), DEFAULT_OUTSIDE_WORK, 0, field("outsideWork")),
                        check.within(p.sharedWords(), DEFAULT_SHARED_WORDS, 1, MAX_SHARED_WORDS, field("sharedWords")));
                case Payload.Text p -> new Work.Text(
                        check.atLeast(p.lines(), DEFAULT_LINES, 1, field("lines")),
                        p.maps() == null ? 0 : check.atLeast(p.maps(), 0, 1, field("maps")),
                        Payload.orDefault(p.seed(), DEFAULT_SEED));
                case Payload.Switch p -> new Work.Switch(
                        check.atLeast(p.yieldsPerThread(), DEFAULT_YIELDS_PER_THREAD, 1, field("yieldsPerThread")),
                        check.within(p.platformThreadsUpTo(), DEFAULT_PLATFORM_THREADS_UP_TO, 0,
                                MAX_PLATFORM_THREADS, field("platformThreadsUpTo")));
            };
        }

        private LockList locks(Payload payload) {
            if (!(payload instanceof Payload.OfLocks ofLocks)) {
                return new LockList(List.of(), Map.of());
            }
            List<String> names = new ArrayList<>();
            Map<String, List<String>> variants = new LinkedHashMap<>();
            boolean fairSkipped = false;
            List<Payload.LockEntry> entries = Payload.orDefault(ofLocks.locks(), List.of());
            for (int i = 0; i < entries.size(); i++) {
                Payload.LockEntry lock = entries.get(i);
                String field = field("locks[" + i + "]");
                if (lock == null || lock.name() == null) {
                    throw new ConfigException(source, field, "expected {\"name\": \"LOCK_NAME\"}; known locks: "
                            + String.join(", ", Exclusion.names()));
                }
                String name;
                try {
                    name = Exclusion.named(lock.name()).name();
                } catch (IllegalArgumentException unknown) {
                    throw new ConfigException(source, field + ".name", unknown.getMessage(), unknown);
                }
                if (lock.variant() != null) {
                    String variant = variantName(name, lock, field);
                    if (!Payload.orDefault(lock.skip(), false)) {
                        if (BenchSpec.spelledAmong(variants.keySet(), variant).isPresent()) {
                            throw new ConfigException(source, field + ".variant", variant + " is named twice (labels"
                                    + " that differ in case alone name the same files): give each variant of a lock"
                                    + " its own label");
                        }
                        names.add(variant);
                        variants.put(variant, List.copyOf(Payload.orDefault(lock.jvmArgs(), List.of())));
                    }
                } else if (lock.jvmArgs() != null) {
                    throw new ConfigException(source, field + ".jvmArgs", "jvmArgs belong to a variant: add a label,"
                            + " {\"name\": \"" + name + "\", \"variant\": \"LABEL\", \"jvmArgs\": [...]}, measured as "
                            + name + BenchSpec.VARIANT_SEPARATOR + "LABEL beside " + name + " itself");
                } else if (!Payload.orDefault(lock.skip(), false)) {
                    names.add(name);
                } else if (Exclusion.RATIO_BASELINES.contains(name)) {
                    throw new ConfigException(source, field + ".skip", name + " cannot be skipped: every lock's ratios"
                            + " are taken to " + String.join(" and ", Exclusion.RATIO_BASELINES)
                            + "; of the baselines only " + Exclusion.FAIR_REENTRANT + " may be");
                } else if (name.equals(Exclusion.FAIR_REENTRANT)) {
                    fairSkipped = true;
                }
            }
            return new LockList(withBaselines(names, !fairSkipped), Map.copyOf(variants));
        }

        /**
         * A variant's name, {@code LOCK@label}, its label and flags checked: the label names files
         * and table rows, so it is letters, digits, {@code _ . -}; each flag is one JVM option.
         */
        private String variantName(String lock, Payload.LockEntry entry, String field) {
            if (!VARIANT_LABEL.matcher(entry.variant()).matches()) {
                throw new ConfigException(source, field + ".variant", "'" + entry.variant() + "' is not a variant label:"
                        + " use letters, digits, '_', '.' or '-' (e.g. \"nospin\"), at most 40");
            }
            List<String> flags = Payload.orDefault(entry.jvmArgs(), List.of());
            for (int j = 0; j < flags.size(); j++) {
                String flag = flags.get(j);
                if (flag == null || !flag.startsWith("-")) {
                    throw new ConfigException(source, field + ".jvmArgs[" + j + "]", "expected a JVM option such as"
                            + " \"-Dnumaloom.leaderSpinNanos=0\", got " + (flag == null ? "null" : "'" + flag + "'"));
                }
            }
            return lock + BenchSpec.VARIANT_SEPARATOR + entry.variant();
        }

        private List<Integer> threads(BenchKind kind, Payload payload, Work work, Checker check) {
            List<Integer> threads = payload.threads() != null ? payload.threads()
                    : (kind == BenchKind.SWITCH ? DEFAULT_SWITCH_THREADS
                    : ThreadCounts.forCores(Runtime.getRuntime().availableProcessors()))
                    .stream().filter(n -> n <= work.maxThreads()).toList();
            List<Integer> checked = check.threads(threads, work, field("threads"));
            if (payload.threadsFrom() == null) {
                return checked;
            }
            List<Integer> from = checked.stream().filter(n -> n >= payload.threadsFrom()).toList();
            if (from.isEmpty()) {
                throw error(".payload.threadsFrom", payload.threadsFrom() + " leaves no thread count of " + checked
                        + "; lower it or add larger counts to threads");
            }
            return from;
        }

        private <T> T required(T value, String name) {
            if (value == null) {
                throw error(".payload." + name, "missing; bench '" + entry.name() + "' needs it");
            }
            return value;
        }

        private String field(String name) {
            return where + ".payload." + name;
        }

        private ConfigException error(String field, String problem) {
            return new ConfigException(source, where + field, problem);
        }

        /** {@code High contention.} becomes {@code high-contention}; a repeated one gets {@code -2}, {@code -3}... */
        private static String uniqueId(String title, Set<String> taken) {
            String slug = title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
            String base = slug.isEmpty() ? "bench" : slug;
            String id = base;
            for (int n = 2; !taken.add(id); n++) {
                id = base + "-" + n;
            }
            return id;
        }
    }

    /** A bench's locks: names in measuring order, baselines last, and each variant's JVM flags. */
    private record LockList(List<String> names, Map<String, List<String>> variantJvmArgs) {
    }

    /** Range checks with messages that name the field. */
    private record Checker(String source) {

        int atLeast(Integer value, int fallback, int min, String field) {
            int v = Payload.orDefault(value, fallback);
            if (v < min) {
                throw new ConfigException(source, field, "must be at least " + min + ", got " + v);
            }
            return v;
        }

        long atLeast(Long value, long fallback, long min, String field) {
            long v = Payload.orDefault(value, fallback);
            if (v < min) {
                throw new ConfigException(source, field, "must be at least " + min + ", got " + v);
            }
            return v;
        }

        int within(Integer value, int fallback, int min, int max, String field) {
            int v = atLeast(value, fallback, min, field);
            if (v > max) {
                throw new ConfigException(source, field, "must be at most " + max + ", got " + v);
            }
            return v;
        }

        /** Sorted, without duplicates; each at least 1 and at most what the work can be spread over. */
        List<Integer> threads(List<Integer> threads, Work work, String field) {
            if (threads.isEmpty()) {
                throw new ConfigException(source, field, "is empty; give at least one thread count, e.g. [2, 4, 16, 64]");
            }
            Set<Integer> sorted = new TreeSet<>();
            for (int i = 0; i < threads.size(); i++) {
                Integer n = threads.get(i);
                String element = field + (field.startsWith("--") ? "" : "[" + i + "]");
                if (n == null || n < 1) {
                    throw new ConfigException(source, element, "a thread count must be at least 1, got " + n);
                }
                if (n > work.maxThreads()) {
                    throw new ConfigException(source, element, n + " threads is impossible: " + work.maxThreadsField()
                            + " is " + work.maxThreads() + ", so some threads would have nothing to do");
                }
                sorted.add(n);
            }
            return List.copyOf(sorted);
        }
    }
}
