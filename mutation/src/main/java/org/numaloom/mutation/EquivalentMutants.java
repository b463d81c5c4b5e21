package org.numaloom.mutation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mutants of the kit's locks that no test can kill because they do not change what the lock does,
 * each with the argument why: an extra round of a loop that repeats a step with no effect, or a
 * lost race in code that only saves wake-ups. They are still run; one that a layer catches after
 * all is counted as caught and flagged in the report, since the list is then wrong.
 *
 * <p>The list, {@value #RESOURCE}, has one line per mutant, {@code LOCK MUTANT_ID # why}, as
 * {@code ./numaloom mutate --list} prints the first two; the same mistake can be equivalent in one
 * lock and not in another (a round-robin over one queue cannot go wrong). {@code EquivalentMutantsTest}
 * fails when an entry no longer names a mutant of the code.
 */
final class EquivalentMutants {
    static final String RESOURCE = "equivalent-mutants.txt";
    /** {@code LOCK MUTANT_ID # why}; a mutant id has a '#' of its own, with no blank before it. */
    private static final Pattern ENTRY = Pattern.compile("(\\S+)\\s+(\\S+)\\s+#\\s*(\\S.*)");

    private final Map<String, String> reasons;

    private EquivalentMutants(Map<String, String> reasons) {
        this.reasons = reasons;
    }

    /** The kit's list, from the class path. */
    static EquivalentMutants kit() {
        try (InputStream in = EquivalentMutants.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path of the mutation module");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static EquivalentMutants parse(String text) {
        Map<String, String> reasons = new LinkedHashMap<>();
        text.lines().map(String::strip).filter(entry -> !entry.isEmpty() && !entry.startsWith("#")).forEach(entry -> {
            Matcher parts = ENTRY.matcher(entry);
            if (!parts.matches()) {
                throw new IllegalArgumentException(RESOURCE + ": \"" + entry + "\" is not LOCK MUTANT_ID # why");
            }
            reasons.put(parts.group(1) + " " + parts.group(2), parts.group(3).strip());
        });
        return new EquivalentMutants(reasons);
    }

    /** Why the mutant is equivalent, if the list says it is. */
    Optional<String> reason(Mutant mutant) {
        return Optional.ofNullable(reasons.get(mutant.lock() + " " + mutant.id()));
    }

    /** Every entry, as {@code LOCK MUTANT_ID}. */
    Set<String> entries() {
        return reasons.keySet();
    }
}
