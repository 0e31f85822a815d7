"""Sample questions and answers (Chinese and English) for the quality-evaluation tests."""

from __future__ import annotations

QUESTION_ZH = "用人单位可以在试用期内随意解除劳动合同吗？"

GOOD_ZH = """不可以随意解除。根据《中华人民共和国劳动合同法》第二十一条，在试用期中，除劳动者有本法第三十九条和第四十条第一项、第二项规定的情形外，用人单位不得解除劳动合同；用人单位在试用期解除劳动合同的，应当向劳动者说明理由。

也就是说，只有在劳动者被证明不符合录用条件、严重违反规章制度等法定情形下，用人单位才可以解除。违法解除的，劳动者可以依照第四十八条要求继续履行，或者依照第八十七条要求用人单位按经济补偿标准的二倍支付赔偿金。

建议：
1. 用人单位应当在录用时以书面形式明确录用条件，并保留考核记录；
2. 解除前书面通知劳动者并说明理由；
3. 劳动者如认为被违法解除，可以在一年仲裁时效内申请劳动仲裁。"""

VAGUE_ZH = "可能可以吧"

#: A fair answer: states the rule and its condition, but cites no article and gives no steps.
PLAIN_ZH = "用人单位在试用期内不能随意解除劳动合同，只有劳动者不符合录用条件等法定情形才可以解除，并且应当向劳动者说明理由。"

QUESTION_EN = "Can an employer dismiss an employee during the probation period without cause?"

GOOD_EN = """No. Under Article 21 of the PRC Labour Contract Law, during the probation period the employer may not terminate the employment contract unless the employee falls under one of the circumstances in Article 39 or items (1) and (2) of Article 40, for example where the employee is proved not to meet the recruitment conditions or seriously breaches the employer's rules. The employer must also explain the reason for the dismissal to the employee.

If the employer dismisses the employee unlawfully, the employee may demand reinstatement under Article 48 or claim compensation of twice the statutory severance under Article 87.

Recommended steps:
1. Define the recruitment conditions in writing at hiring and keep the assessment records.
2. Give written notice of termination stating the reason before the probation period ends.
3. If you are the employee, file for labour arbitration within the one-year limitation period."""

VAGUE_EN = "Maybe, probably yes."
