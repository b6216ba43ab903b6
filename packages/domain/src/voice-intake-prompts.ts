import type { VoiceIntakeStage, VoiceLanguage } from './voice-intake.ts';

// 000 §2.2 the AI guidance prompt of each stage, shown (and, when voice is on, spoken) in the chosen language.

export const VOICE_STAGE_PROMPTS: Record<VoiceLanguage, Record<VoiceIntakeStage, string>> = {
  'en-US': {
    intro:
      "Hello! I'll help you create a referral. Please tell me the member's full name and preferred language.",
    demographics:
      "Thank you. Now please tell me the member's date of birth, phone number, email, home address with city, state and ZIP code, and Medicaid ID.",
    health_plan:
      "Which health plan is the member enrolled in, and is it managed care or fee-for-service? Please confirm the member's Medicaid ID.",
    provider:
      "Now tell me about the referring provider: the provider's name, NPI number, organization and phone number.",
    clinical:
      "What is the member's primary diagnosis, and which social needs should this referral address, such as housing, transportation or food? How urgent is it?",
    authorization: 'Has the member given consent for this referral, and is prior authorization required?',
    additional:
      'When is the member available: weekdays 9 to 5, weekends, or anytime? Add any other notes for the provider.',
  },
  'es-ES': {
    intro:
      '¡Hola! Le ayudaré a crear una referencia. Por favor, dígame el nombre completo del miembro y su idioma preferido.',
    demographics:
      'Gracias. Ahora dígame la fecha de nacimiento del miembro, su teléfono, su correo electrónico, su dirección con ciudad, estado y código postal, y su número de Medicaid.',
    health_plan:
      '¿En qué plan de salud está inscrito el miembro, y es de atención administrada o de pago por servicio? Por favor, confirme su número de Medicaid.',
    provider:
      'Ahora hábleme del proveedor que hace la referencia: su nombre, su número NPI, su organización y su teléfono.',
    clinical:
      '¿Cuál es el diagnóstico principal del miembro y qué necesidades sociales debe atender esta referencia, como vivienda, transporte o alimentos? ¿Qué tan urgente es?',
    authorization:
      '¿Ha dado el miembro su consentimiento para esta referencia? ¿Se requiere autorización previa?',
    additional:
      '¿Cuándo está disponible el miembro: entre semana de 9 a 5, los fines de semana o en cualquier momento? Añada cualquier otra nota para el proveedor.',
  },
  'fr-FR': {
    intro:
      "Bonjour ! Je vais vous aider à créer une orientation. Veuillez m'indiquer le nom complet du membre et sa langue préférée.",
    demographics:
      "Merci. Indiquez-moi maintenant la date de naissance du membre, son numéro de téléphone, son e-mail, son adresse avec la ville, l'État et le code postal, ainsi que son numéro Medicaid.",
    health_plan:
      "À quel régime d'assurance maladie le membre est-il affilié, et s'agit-il de soins gérés ou de paiement à l'acte ? Veuillez confirmer son numéro Medicaid.",
    provider:
      'Parlez-moi maintenant du prestataire qui oriente le membre : son nom, son numéro NPI, son organisation et son numéro de téléphone.',
    clinical:
      'Quel est le diagnostic principal du membre, et à quels besoins sociaux cette orientation doit-elle répondre, comme le logement, le transport ou l’alimentation ? Quelle en est l’urgence ?',
    authorization:
      'Le membre a-t-il donné son consentement pour cette orientation, et une autorisation préalable est-elle requise ?',
    additional:
      'Quand le membre est-il disponible : en semaine de 9 h à 17 h, le week-end ou à tout moment ? Ajoutez toute autre remarque pour le prestataire.',
  },
  'zh-CN': {
    intro: '您好！我来帮您创建转介。请告诉我会员的全名和首选语言。',
    demographics:
      '谢谢。现在请告诉我会员的出生日期、电话号码、电子邮箱、住址（包括城市、州和邮政编码）以及 Medicaid 号码。',
    health_plan: '会员参加的是哪个健康计划？是管理式医疗还是按服务付费？请确认会员的 Medicaid 号码。',
    provider: '现在请介绍转介医疗服务提供者：提供者姓名、NPI 号码、所属机构和电话号码。',
    clinical: '会员的主要诊断是什么？这次转介需要解决哪些社会需求，例如住房、交通或食物？情况有多紧急？',
    authorization: '会员是否已同意这次转介？是否需要事先授权？',
    additional:
      '会员什么时候方便：工作日上午9点到下午5点、周末，还是任何时间？请补充给服务提供者的其他备注。',
  },
  'vi-VN': {
    intro:
      'Xin chào! Tôi sẽ giúp bạn tạo giấy giới thiệu. Vui lòng cho tôi biết họ tên đầy đủ và ngôn ngữ ưa thích của thành viên.',
    demographics:
      'Cảm ơn. Bây giờ vui lòng cho tôi biết ngày sinh, số điện thoại, email, địa chỉ nhà gồm thành phố, tiểu bang và mã bưu điện, và mã số Medicaid của thành viên.',
    health_plan:
      'Thành viên tham gia chương trình bảo hiểm sức khỏe nào, và đó là chăm sóc có quản lý hay trả phí theo dịch vụ? Vui lòng xác nhận mã số Medicaid của thành viên.',
    provider: 'Bây giờ hãy cho tôi biết về nhà cung cấp giới thiệu: tên, số NPI, tổ chức và số điện thoại.',
    clinical:
      'Chẩn đoán chính của thành viên là gì, và giấy giới thiệu này cần đáp ứng những nhu cầu xã hội nào, như nhà ở, phương tiện đi lại hay thực phẩm? Mức độ khẩn cấp thế nào?',
    authorization: 'Thành viên đã đồng ý với việc giới thiệu này chưa, và có cần ủy quyền trước không?',
    additional:
      'Khi nào thành viên có thể liên hệ: các ngày trong tuần từ 9 giờ sáng đến 5 giờ chiều, cuối tuần, hay bất cứ lúc nào? Hãy thêm ghi chú khác cho nhà cung cấp.',
  },
  'ko-KR': {
    intro: '안녕하세요! 의뢰서 작성을 도와드리겠습니다. 회원의 전체 이름과 선호하는 언어를 말씀해 주세요.',
    demographics:
      '감사합니다. 이제 회원의 생년월일, 전화번호, 이메일, 시·주·우편번호를 포함한 주소, 그리고 Medicaid 번호를 말씀해 주세요.',
    health_plan:
      '회원이 가입한 건강 보험은 무엇이며, 관리형 의료인가요 아니면 행위별 수가제인가요? 회원의 Medicaid 번호를 확인해 주세요.',
    provider: '이제 의뢰하는 의료 제공자에 대해 알려 주세요: 제공자 이름, NPI 번호, 소속 기관, 전화번호.',
    clinical:
      '회원의 주 진단명은 무엇이며, 이 의뢰로 주거, 교통, 식품 등 어떤 사회적 필요를 지원해야 하나요? 얼마나 긴급한가요?',
    authorization: '회원이 이 의뢰에 동의했나요? 사전 승인이 필요한가요?',
    additional:
      '회원은 언제 연락이 가능한가요: 평일 오전 9시부터 오후 5시, 주말, 아니면 언제든지? 제공자에게 전할 다른 메모도 말씀해 주세요.',
  },
  'ar-SA': {
    intro: 'مرحبًا! سأساعدك في إنشاء إحالة. يرجى إخباري بالاسم الكامل للعضو ولغته المفضلة.',
    demographics:
      'شكرًا لك. الآن يرجى إخباري بتاريخ ميلاد العضو ورقم هاتفه وبريده الإلكتروني وعنوانه مع المدينة والولاية والرمز البريدي، ورقم Medicaid الخاص به.',
    health_plan:
      'في أي خطة صحية العضو مسجل، وهل هي رعاية مُدارة أم دفع مقابل الخدمة؟ يرجى تأكيد رقم Medicaid الخاص بالعضو.',
    provider: 'أخبرني الآن عن مقدّم الخدمة المحيل: اسمه ورقم NPI والمؤسسة التي يعمل بها ورقم هاتفه.',
    clinical:
      'ما التشخيص الرئيسي للعضو، وما الاحتياجات الاجتماعية التي يجب أن تعالجها هذه الإحالة، مثل السكن أو المواصلات أو الغذاء؟ وما مدى الاستعجال؟',
    authorization: 'هل وافق العضو على هذه الإحالة، وهل يلزم الحصول على تفويض مسبق؟',
    additional:
      'متى يكون العضو متاحًا: أيام الأسبوع من 9 صباحًا إلى 5 مساءً، أم في عطلة نهاية الأسبوع، أم في أي وقت؟ أضف أي ملاحظات أخرى لمقدّم الخدمة.',
  },
  'hi-IN': {
    intro: 'नमस्ते! मैं रेफ़रल बनाने में आपकी मदद करूँगा। कृपया सदस्य का पूरा नाम और पसंदीदा भाषा बताइए।',
    demographics:
      'धन्यवाद। अब कृपया सदस्य की जन्म तिथि, फ़ोन नंबर, ईमेल, शहर, राज्य और ज़िप कोड सहित पता, और Medicaid आईडी बताइए।',
    health_plan:
      'सदस्य किस स्वास्थ्य योजना में नामांकित है, और क्या वह मैनेज्ड केयर है या फ़ी-फ़ॉर-सर्विस? कृपया सदस्य की Medicaid आईडी की पुष्टि कीजिए।',
    provider: 'अब रेफ़र करने वाले प्रदाता के बारे में बताइए: प्रदाता का नाम, NPI नंबर, संगठन और फ़ोन नंबर।',
    clinical:
      'सदस्य का प्राथमिक निदान क्या है, और इस रेफ़रल से कौन-सी सामाजिक ज़रूरतें पूरी होनी चाहिए, जैसे आवास, परिवहन या भोजन? यह कितना ज़रूरी है?',
    authorization: 'क्या सदस्य ने इस रेफ़रल के लिए सहमति दी है, और क्या पूर्व प्राधिकरण आवश्यक है?',
    additional:
      'सदस्य कब उपलब्ध है: सप्ताह के दिनों में सुबह 9 से शाम 5 बजे तक, सप्ताहांत में, या कभी भी? प्रदाता के लिए कोई अन्य टिप्पणी जोड़िए।',
  },
};

/** 000 §2.2 the guidance prompt of a stage in a language (English for a language without prompts). */
export function stagePrompt(stage: VoiceIntakeStage, language: string): string {
  const prompts = VOICE_STAGE_PROMPTS[language as VoiceLanguage] ?? VOICE_STAGE_PROMPTS['en-US'];
  return prompts[stage];
}
