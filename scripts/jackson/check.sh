#!/usr/bin/env bash
# Decodes what this service answers (and the 1.3 request fixture) with OpenCDMP's real Java model
# classes, common-models and file-transformer-base 1.2.0 and 1.3.0, under the backend's Jackson 2
# mapper and under Jackson 3 (Spring Boot 4): the check behind docs/reference/opencdmp-versions.md.
# Not part of `npm test`: it builds everything from source (Maven Central is out of reach), from
# bare git clones of the public repositories named below, and Debian's libjackson2-*-java.
#
#   COMMON_MODELS=… FILE_TRANSFORMER_BASE=… JACKSON_CORE=… JACKSON_DATABIND=… \
#   JACKSON_ANNOTATIONS=… JACKSON_JAVA8=… scripts/jackson/check.sh WORK_DIR
#
# OpenCDMP/common-models, OpenCDMP/file-transformer-base, FasterXML/jackson-core,
# FasterXML/jackson-databind, FasterXML/jackson-annotations, FasterXML/jackson-modules-java8.
# Jackson 3 is built from tags jackson-core-3.0.0-rc3 and jackson-databind-3.0.0-rc3 with the
# annotations of their time (jackson-annotations master, 3.0-rc3-SNAPSHOT); the fast number
# parser jackson-core shades is replaced by the JDK's parsers (same results).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${1:?usage: check.sh WORK_DIR}"
mkdir -p "$work" && cd "$work"
: "${COMMON_MODELS:?}" "${FILE_TRANSFORMER_BASE:?}" "${JACKSON_CORE:?}" "${JACKSON_DATABIND:?}" "${JACKSON_ANNOTATIONS:?}" "${JACKSON_JAVA8:?}"
J2=/usr/share/java/jackson-annotations.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-databind.jar
[ -f /usr/share/java/jackson-databind.jar ] ||
  apt-get install -y -qq --no-install-recommends libjackson2-databind-java libjackson2-core-java libjackson2-annotations-java

unpack() { # GIT_DIR REF DEST [PATH]
  rm -rf "$3" && mkdir -p "$3" && git -C "$1" archive "$2" "${4:-src/main}" | tar -x -C "$3"
}
# Maven fills PackageVersion.java.in in; so does this.
package_version() {
  local template
  template=$(find "$1" -name PackageVersion.java.in)
  sed -e "s/@package@/$2/" -e "s/@projectversion@/$3/" -e "s/@projectgroupid@/$4/" -e "s/@projectartifactid@/$5/" \
    "$template" > "${template%.in}" && rm "$template"
}
compile() { # OUT CLASSPATH SOURCE_DIRS...
  local out=$1 cp=$2
  shift 2
  rm -rf "$out" && mkdir -p "$out"
  find "$@" -name '*.java' ! -name module-info.java > sources.txt
  javac -nowarn -encoding UTF-8 -cp "$cp" -d "$out" @sources.txt 2>&1 | grep -v '^Note:' || true
  for dir in "$@"; do [ -d "$dir/src/main/resources" ] && cp -r "$dir/src/main/resources/." "$out/"; done
  true
}

echo "check: Jackson 2 java.time module 2.14.3 (Debian has Jackson 2.14 without it)"
unpack "$JACKSON_JAVA8" jackson-modules-java8-2.14.3 java8 datetime/src/main
package_version java8 com.fasterxml.jackson.datatype.jsr310 2.14.3 com.fasterxml.jackson.datatype jackson-datatype-jsr310
compile classes/jsr310 "$J2" java8/datetime
J2="$J2:$work/classes/jsr310"

echo "check: Jackson 3.0.0-rc3"
unpack "$JACKSON_ANNOTATIONS" master annotations
unpack "$JACKSON_CORE" jackson-core-3.0.0-rc3 core
unpack "$JACKSON_DATABIND" jackson-databind-3.0.0-rc3 databind
package_version core tools.jackson.core.json 3.0.0-rc3 tools.jackson.core jackson-core
package_version databind tools.jackson.databind.cfg 3.0.0-rc3 tools.jackson.core jackson-databind
mkdir -p fastdoubleparser/ch/randelshofer/fastdoubleparser
for parser in Double Float; do
  lower=$(echo "$parser" | tr D d | tr F f)
  cat > "fastdoubleparser/ch/randelshofer/fastdoubleparser/Java${parser}Parser.java" <<JAVA
package ch.randelshofer.fastdoubleparser;
public final class Java${parser}Parser {
  public static $lower parse${parser}(CharSequence s) { return ${parser}.parse${parser}(s.toString()); }
  public static $lower parse${parser}(char[] a, int off, int len) { return ${parser}.parse${parser}(new String(a, off, len)); }
}
JAVA
done
cat > fastdoubleparser/ch/randelshofer/fastdoubleparser/JavaBigDecimalParser.java <<'JAVA'
package ch.randelshofer.fastdoubleparser;
public final class JavaBigDecimalParser {
  public static java.math.BigDecimal parseBigDecimal(CharSequence s) { return new java.math.BigDecimal(s.toString()); }
  public static java.math.BigDecimal parseBigDecimal(char[] a, int off, int len) { return new java.math.BigDecimal(a, off, len); }
}
JAVA
cat > fastdoubleparser/ch/randelshofer/fastdoubleparser/JavaBigIntegerParser.java <<'JAVA'
package ch.randelshofer.fastdoubleparser;
public final class JavaBigIntegerParser {
  public static java.math.BigInteger parseBigInteger(CharSequence s) { return new java.math.BigInteger(s.toString()); }
  public static java.math.BigInteger parseBigInteger(CharSequence s, int radix) { return new java.math.BigInteger(s.toString(), radix); }
}
JAVA
compile classes/annotations3 "" annotations
compile classes/core3 "" core fastdoubleparser
compile classes/databind3 "classes/annotations3:classes/core3" databind
J3="$work/classes/annotations3:$work/classes/core3:$work/classes/databind3"

for version in 1.2.0 1.3.0; do
  echo "check: common-models and file-transformer-base $version"
  unpack "$COMMON_MODELS" "$version" "common-models-$version"
  unpack "$FILE_TRANSFORMER_BASE" "$version" "file-transformer-base-$version"
  # The Spring controller and client interfaces are not needed to decode.
  rm -f "file-transformer-base-$version"/src/main/java/org/opencdmp/filetransformerbase/interfaces/FileTransformer{Client,Controller}.java
  compile "classes/models-$version" /usr/share/java/jackson-annotations.jar "common-models-$version" "file-transformer-base-$version"
done

echo "check: our answers, made by the service"
(cd "$root" && npx tsx scripts/jackson/answers.ts "$work/answers")
A="$work/answers"
pairs=(
  "org.opencdmp.filetransformerbase.interfaces.FileTransformerConfiguration=$A/formats.json"
  "org.opencdmp.commonmodels.models.FileEnvelopeModel=$A/export-envelope.json"
  "org.opencdmp.filetransformerbase.models.misc.PreprocessingPlanModel=$A/preprocessing-plan.json"
  "org.opencdmp.commonmodels.models.plan.PlanModel=$A/import-plan-1.2.json"
  "org.opencdmp.commonmodels.models.plan.PlanModel=$A/import-plan-1.3.json"
)
# The request fixture as a 1.3 backend sends it: only the 1.3.0 classes read it (a 1.2 backend never sends it).
request="org.opencdmp.commonmodels.models.plan.PlanModel=$A/request-plan-1.3.json"
status=0
for version in 1.2.0 1.3.0; do
  models="$work/classes/models-$version"
  [ "$version" = 1.3.0 ] && pairs+=("$request")
  runs=()
  echo "== common-models $version, Jackson 2.14, the 1.2 backend's mapper (unknown properties fail)"
  mkdir -p "results/$version-jackson2" && runs+=("results/$version-jackson2")
  java -cp "$J2:$models" "$here/JacksonRead2.java" "results/$version-jackson2" "${pairs[@]}" || status=1
  for mode in defaults enum-values strict,enum-values; do
    echo "== common-models $version, Jackson 3, $mode"
    mkdir -p "results/$version-jackson3-$mode"
    if java -cp "$J3:$models" "$here/JacksonRead3.java" "$mode" "results/$version-jackson3-$mode" "${pairs[@]}"; then
      runs+=("results/$version-jackson3-$mode")
    fi
  done
  echo "== common-models $version: same values read by each mapper; the sent request decodes alike here"
  (cd "$root" && npx tsx scripts/jackson/compare.ts "${runs[@]/#/$work/}") || status=1
done
exit $status
