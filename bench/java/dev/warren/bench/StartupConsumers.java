package dev.warren.bench;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The startup scenario's bean: {@value #COUNT} consumer methods, one per queue {@code
 * warren.bench.startup.0} to {@code warren.bench.startup.99}. One bean class with a method per
 * consumer is the simplest honest way to have {@value #COUNT} real consumers: each method is its
 * own consumer with its own channel and worker thread, exactly as {@value #COUNT} methods spread
 * over many classes would be; only the bean count differs, and the same class is deployed with and
 * without Warren.
 *
 * <p>The methods are generated; to change them, replace them with the output of:
 *
 * <pre>
 * for i in $(seq 0 99); do printf '  @RabbitConsumer(queue = PREFIX + "%d")\n  public Outcome q%02d(byte[] body) {\n    return Outcome.ack();\n  }\n\n' $i $i; done
 * </pre>
 */
@ApplicationScoped
public class StartupConsumers {

  /** How many consumer methods this bean has. */
  static final int COUNT = 100;

  /** Every queue's name is this prefix and the consumer's number. */
  static final String PREFIX = "warren.bench.startup.";

  @RabbitConsumer(queue = PREFIX + "0")
  public Outcome q00(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "1")
  public Outcome q01(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "2")
  public Outcome q02(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "3")
  public Outcome q03(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "4")
  public Outcome q04(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "5")
  public Outcome q05(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "6")
  public Outcome q06(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "7")
  public Outcome q07(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "8")
  public Outcome q08(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "9")
  public Outcome q09(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "10")
  public Outcome q10(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "11")
  public Outcome q11(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "12")
  public Outcome q12(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "13")
  public Outcome q13(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "14")
  public Outcome q14(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "15")
  public Outcome q15(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "16")
  public Outcome q16(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "17")
  public Outcome q17(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "18")
  public Outcome q18(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "19")
  public Outcome q19(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "20")
  public Outcome q20(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "21")
  public Outcome q21(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "22")
  public Outcome q22(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "23")
  public Outcome q23(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "24")
  public Outcome q24(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "25")
  public Outcome q25(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "26")
  public Outcome q26(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "27")
  public Outcome q27(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "28")
  public Outcome q28(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "29")
  public Outcome q29(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "30")
  public Outcome q30(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "31")
  public Outcome q31(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "32")
  public Outcome q32(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "33")
  public Outcome q33(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "34")
  public Outcome q34(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "35")
  public Outcome q35(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "36")
  public Outcome q36(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "37")
  public Outcome q37(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "38")
  public Outcome q38(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "39")
  public Outcome q39(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "40")
  public Outcome q40(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "41")
  public Outcome q41(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "42")
  public Outcome q42(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "43")
  public Outcome q43(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "44")
  public Outcome q44(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "45")
  public Outcome q45(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "46")
  public Outcome q46(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "47")
  public Outcome q47(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "48")
  public Outcome q48(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "49")
  public Outcome q49(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "50")
  public Outcome q50(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "51")
  public Outcome q51(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "52")
  public Outcome q52(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "53")
  public Outcome q53(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "54")
  public Outcome q54(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "55")
  public Outcome q55(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "56")
  public Outcome q56(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "57")
  public Outcome q57(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "58")
  public Outcome q58(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "59")
  public Outcome q59(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "60")
  public Outcome q60(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "61")
  public Outcome q61(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "62")
  public Outcome q62(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "63")
  public Outcome q63(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "64")
  public Outcome q64(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "65")
  public Outcome q65(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "66")
  public Outcome q66(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "67")
  public Outcome q67(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "68")
  public Outcome q68(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "69")
  public Outcome q69(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "70")
  public Outcome q70(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "71")
  public Outcome q71(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "72")
  public Outcome q72(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "73")
  public Outcome q73(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "74")
  public Outcome q74(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "75")
  public Outcome q75(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "76")
  public Outcome q76(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "77")
  public Outcome q77(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "78")
  public Outcome q78(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "79")
  public Outcome q79(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "80")
  public Outcome q80(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "81")
  public Outcome q81(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "82")
  public Outcome q82(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "83")
  public Outcome q83(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "84")
  public Outcome q84(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "85")
  public Outcome q85(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "86")
  public Outcome q86(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "87")
  public Outcome q87(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "88")
  public Outcome q88(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "89")
  public Outcome q89(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "90")
  public Outcome q90(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "91")
  public Outcome q91(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "92")
  public Outcome q92(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "93")
  public Outcome q93(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "94")
  public Outcome q94(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "95")
  public Outcome q95(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "96")
  public Outcome q96(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "97")
  public Outcome q97(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "98")
  public Outcome q98(byte[] body) {
    return Outcome.ack();
  }

  @RabbitConsumer(queue = PREFIX + "99")
  public Outcome q99(byte[] body) {
    return Outcome.ack();
  }
}
