/**
 * The sentences of the script cards, quoted from the Universal Declaration of Human Rights translations that
 * googlefonts/lang carries as sample texts (Lib/gflanguages/data/languages/<id>.textproto @ 84b091844c, Apache-2.0;
 * the UDHR translations themselves are published by the UN OHCHR for free reproduction). Each entry names its
 * file and field. Hebrew with niqqud: Genesis 1:1–3 of the Westminster Leningrad Codex (public domain), vowel
 * points without cantillation.
 */
export const TEXTS = {
  ar_Arab: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/ar_Arab.textproto, sample_text specimen_36 and specimen_21 (first paragraph)',
    autonym: 'العربية (العالم)',
    title:
      'يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق. وقد وهبوا عقلاً وضميرًا وعليهم أن يعامل بعضهم بعضًا بروح الإخاء.',
    body: 'لكل شخص الحق في أن يلجأ إلى المحاكم الوطنية لإنصافه عن أعمال فيها اعتداء على الحقوق الأساسية التي يمنحها له القانون.',
  },
  fa_Arab: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/fa_Arab.textproto, sample_text tester and specimen_32 (first paragraph)',
    autonym: 'فارسی (ایران)',
    title: 'از آنجا که عدم شناسائی و تحقیر حقوق بشر منتهی به اعمال وحشیانه‌ای',
    body: 'در برابر اعمالی که حقوق اساسی فرد را مورد تجاوز قرار بدهد و آن حقوق بوسیله قانون اساسی یا قانون دیگری برای او شناخته‌شده باشد، هر کس حق رجوع مؤثر بمحاکم ملیِ صالحه دارد.',
  },
  ur_Arab: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/ur_Arab.textproto, sample_text styles and specimen_36 (first paragraph)',
    autonym: 'اردو (پاکستان)',
    title: 'چونکہ ہر انسان کی ذاتی عزت اور حرمت اور انسانوں',
    body: 'کوئی شخص غلام یا لونڈی بنا کر نہ رکھا جا سکے گا۔ غلامی اور بَردہ فروشی، چاہے اس کی کوئی شکل بھی ہو، ممنوع قرار دی جائے گی۔',
  },
  he_Hebr: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/he_Hebr.textproto, sample_text styles and specimen_36 (first paragraph)',
    autonym: 'עברית',
    title: 'כל בני אדם נולדו בני חורין ושווים בערכם ובזכויותיהם',
    body: 'כל אחד זכאי לתקנה יעילה מטעם בחי הדין הלאומיים המוסמכים נגד מעשים המפירים את זכויות היסוד שניתנו לו על פי החוקה והחוקים',
  },
  hi_Deva: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/hi_Deva.textproto, sample_text styles and specimen_21 (first paragraph)',
    autonym: 'हिन्दी',
    title: 'चूंकि मानव परिवार के सभी सदस्यों के जन्मजात गौरव और समान',
    body: 'किसी व्यक्ति की एकान्तता, परिवार, घर या पत्रव्यवहार के प्रति कोई मनमाना हस्तक्षेप न किया जाएगा, न किसी के सम्मान और ख्याति पर कोई आक्षेप हो सकेगा । ऐसे हस्तक्षेप या आधेपों के विरुद्ध प्रत्येक को क़ानूनी रक्षा का अधिकार प्राप्त है ।',
  },
  mr_Deva: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/mr_Deva.textproto, sample_text styles and specimen_21 (first paragraph)',
    autonym: 'मराठी',
    title: 'ज्या अर्थी मानव कुटुँवातील सर्व व्यक्तींची स्वाभाविक प्रतिष्ठा व',
    body: 'कोणाचेहि खाजगी जीवन, त्याचे कुटुंब, घर अथवा त्याचा पत्रव्यवहार यांच्या संबंधात स्वच्छंद ढवळाढवळ होता कामा नये; त्याचप्रमाणे त्याची प्रतिष्ठा किंवा नावलौकिक यावर हल्ला होता कामा नये. अशी ढवळाढवळ किंवा हल्ला झाल्यास त्याविरुद्ध प्रत्येकास कायद्याने संरक्षण मिळण्याचा अधिकार आहे.',
  },
  bn_Beng: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/bn_Beng.textproto, sample_text styles and specimen_21 (first paragraph)',
    autonym: 'বাংলা',
    title: 'যেহেতু মানব পরিবারের সকল সদস্যের সমান ও অবিচ্ছেদ্য অধিকারসমূহ',
    body: 'জীবন, স্বাধীনতা এবং দৈহিক নিরাপত্তায় প্রত্যেকের অধিকার আছে।',
  },
  th_Thai: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/th_Thai.textproto, sample_text styles and specimen_21 (first paragraph)',
    autonym: 'ภาษาไทย',
    title: 'โดยที่การไม่นำพาและการหมิ่นในคุณค่าของสิทธิมนุษยชน',
    body: 'โดยที่การยอมรับศักดิ์ศรีแต่กำเนิด และสิทธิที่เท่าเทียมกันและที่ไม่อาจเพิกถอนได้ของสมาชิกทั้งมวลแห่งครอบครัวมนุษยชาติ เป็นพื้นฐานแห่งอิสรภาพ ความยุติธรรม และสันติภาพในโลก',
  },
  ko_Kore: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/ko_Kore.textproto, sample_text styles and specimen_21 (first paragraph)',
    autonym: '',
    title: '모든 인류 구성원의 천부의 존엄성과 동등하고 양도할 수 없는 권리를 인정하는',
    body: '모든 사람은 의견의 자유와 표현의 자유에 대한 권리를 가진다. 이러한 권리는 간섭없이 의견을 가질 자유와 국경에 관계없이 어떠한 매체를 통해서도 정보와 사상을 추구하고, 얻으며, 전달하는 자유를 포함한다.',
  },
  zh_Hant: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/zh_Hant.textproto, sample_text tester and specimen_21 (first paragraph)',
    autonym: '中文（繁體，中國）',
    title:
      '鑑於對人權的無視和侮蔑已發展為野蠻暴行，這些暴行沾污了人類的良心，而一個人人享有言論和信仰自由並免予恐懼和匱乏的世界的來臨，已被宣布為普通人民的最高願望',
    body: '鑑於對人類家庭所有成員的固有尊嚴及其平等的和不移的權利的承認，乃是世界自由、正義與和平的基礎，',
  },
  ja_Jpan: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/ja_Jpan.textproto, sample_text styles and specimen_21 (first paragraph)',
    autonym: '日本語 (日本)',
    title: '人類社会のすべての構成員の固有の尊厳と平等で譲ることのできない権利とを承認することは',
    body: '人類社会のすべての構成員の固有の尊厳と平等で譲ることのできない権利とを承認することは、世界における自由、正義及び平和の基礎であるので、',
  },
  vi_Latn: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/vi_Latn.textproto, sample_text tester and specimen_32 (first paragraph)',
    autonym: 'Tiếng Việt',
    title: 'Sự xâm phạm và coi thường nhân quyền đã dẫn đến những hành động',
    body: 'Mọi người đều có quyền được các toà án quốc gia có thẩm quyền bênh vực theo pháp luật trước những hành vi vi phạm các quyền cơ bản do hiến pháp hay luật pháp quy định.',
  },
  el_Grek: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/el_Grek.textproto, sample_text tester and specimen_36 (first paragraph)',
    autonym: 'Ελληνικά',
    title: 'Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια',
    body: 'Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα δικαιώματα. Είναι προικισμένοι με λογική και συνείδηση, και οφείλουν να συμπεριφέρονται μεταξύ τους με πνεύμα αδελφοσύνης.',
  },
  ru_Cyrl: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/ru_Cyrl.textproto, sample_text styles and specimen_36 (first paragraph)',
    autonym: 'Русский',
    title: 'Принимая во внимание, что признание достоинства,',
    body: 'Никто не должен содержаться в рабстве или в подневольном состоянии; рабство и работорговля запрещаются во всех их видах.',
  },
  uk_Cyrl: {
    source:
      'googlefonts/lang Lib/gflanguages/data/languages/uk_Cyrl.textproto, sample_text styles and specimen_36 (first paragraph)',
    autonym: 'Українська',
    title: 'Беручи до уваги, що визнання гідності',
    body: 'Ніхто не повинен бути в рабстві або у підневільному стані; рабство і работоргівля забороняються в усіх їх видах.',
  },
  he_niqqud: {
    source: 'Genesis 1:1–3, Westminster Leningrad Codex (public domain), vowel points without cantillation',
    autonym: 'עברית',
    title: 'בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ',
    body: 'וְהָאָרֶץ הָיְתָה תֹהוּ וָבֹהוּ וְחֹשֶׁךְ עַל־פְּנֵי תְהוֹם וְרוּחַ אֱלֹהִים מְרַחֶפֶת עַל־פְּנֵי הַמָּיִם. וַיֹּאמֶר אֱלֹהִים יְהִי אוֹר וַיְהִי־אוֹר.',
  },
};
