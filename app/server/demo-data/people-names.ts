/**
 * Names of demo people by origin, and the mix of origins a country's startup founders have. A Japanese
 * company's founders are mostly Japanese with a few others; a London company's are British with many
 * origins, as a real city's are. Lists hold common given names and surnames of each origin; every name folds
 * to an ASCII mailbox part (emailLocalPart).
 */

export const NAME_ORIGINS = [
  "anglo",
  "german",
  "french",
  "spanish",
  "latin_american",
  "portuguese",
  "italian",
  "dutch",
  "nordic",
  "finnish",
  "central_european",
  "east_slavic",
  "balkan",
  "greek",
  "turkish",
  "arabic",
  "persian",
  "hebrew",
  "indian",
  "chinese",
  "japanese",
  "korean",
  "vietnamese",
  "indonesian",
  "filipino",
  "thai",
  "west_african",
  "east_african",
  "south_african",
] as const;

export type NameOrigin = (typeof NAME_ORIGINS)[number];

export interface OriginNames {
  first: readonly string[];
  last: readonly string[];
}

const words = (text: string): readonly string[] =>
  text
    .trim()
    .split(/\s+/)
    .map((word) => word.replaceAll("_", " "));

export const NAMES_BY_ORIGIN: Readonly<Record<NameOrigin, OriginNames>> = {
  anglo: {
    first: words(`James Emily Michael Sarah David Jessica Daniel Hannah Matthew Laura Andrew Rachel Ryan Megan
      Christopher Lauren Thomas Olivia William Sophie Benjamin Emma Jack Charlotte Samuel Grace Nathan Abigail
      Jonathan Katherine Alex Jordan Taylor Chris Kevin Amanda Brian Rebecca Patrick Claire Oliver Lucy Harry
      Amelia George Eleanor Henry Alice Peter Natalie Sean Caitlin Tyler Madison Eric Heather Adam Kate`),
    last: words(`Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin
      Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams Baker
      Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart Morris Murphy
      Cook Rogers Morgan Cooper Reed Bailey Bell Kelly Howard Ward Cox Richardson Wood Watson Brooks Bennett Gray
      Hughes Price Sullivan Russell Foster Hayes Fisher Ellis Marshall Palmer Hunt Hart Lloyd Walsh Byrne Kennedy`),
  },
  german: {
    first: words(`Lukas Anna Felix Lena Jonas Laura Maximilian Julia Paul Sophie Leon Hannah Tobias Katharina
      Jan Lisa Florian Johanna Moritz Clara Simon Marie Niklas Sarah Sebastian Franziska Philipp Charlotte
      Matthias Annika Stefan Miriam Julian Theresa Markus Carolin`),
    last: words(`Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Bauer Richter
      Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Krause
      Lehmann Köhler Huber Maier Keller Vogel Frank Berger Winkler Lorenz Baumann Seidel Brandt`),
  },
  french: {
    first: words(`Louis Camille Hugo Léa Antoine Chloé Thomas Manon Nicolas Inès Julien Sarah Maxime Clara
      Alexandre Juliette Mathieu Pauline Guillaume Marion Romain Élodie Baptiste Mathilde Quentin Charlotte
      Pierre Margaux Vincent Émilie Arnaud Anaïs Clément Lucie`),
    last: words(`Martin Bernard Dubois Durand Lefebvre Leroy Moreau Simon Laurent Michel Garcia Roux Fournier
      Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Muller Lefèvre Faure André Mercier Blanc Guérin
      Boyer Garnier Chevalier François Legrand Gauthier Perrin Robin Clément Morin Nicolas Henry Masson`),
  },
  spanish: {
    first: words(`Alejandro Lucía Pablo María Javier Carmen Daniel Laura Sergio Marta Adrián Paula Álvaro Sara
      Diego Elena Jorge Cristina Carlos Andrea Marcos Irene Raúl Nuria Iván Beatriz Rubén Alba Miguel Silvia`),
    last: words(`García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz
      Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil
      Ramírez Serrano Blanco Molina Morales Ortega Delgado Castro Ortiz Rubio Marín Sanz Iglesias`),
  },
  latin_american: {
    first:
      words(`Santiago Valentina Mateo Camila Sebastián Sofía Matías Isabella Nicolás Daniela Diego Mariana
      Andrés Gabriela Juan_Pablo Natalia Felipe Catalina Tomás Fernanda Rodrigo Ximena Emiliano Renata Alejandro
      Paula Gonzalo Luciana Joaquín Carolina`),
    last: words(`González Rodríguez Hernández García Martínez López Pérez Sánchez Ramírez Torres Flores Rivera
      Gómez Díaz Morales Vargas Castillo Jiménez Rojas Mendoza Silva Herrera Medina Aguilar Ortiz Castro Muñoz
      Romero Guzmán Salazar Reyes Cruz Gutiérrez Chávez Ríos Núñez Fuentes Cárdenas Valencia Figueroa`),
  },
  portuguese: {
    first: words(`João Ana Pedro Beatriz Lucas Mariana Gabriel Juliana Rafael Camila Gustavo Larissa Felipe
      Fernanda Thiago Letícia Bruno Amanda Rodrigo Carolina Matheus Bruna Leonardo Isabela Tiago Inês Ricardo
      Rita Diogo Catarina`),
    last: words(`Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins
      Carvalho Almeida Lopes Sousa Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques
      Machado Mendes Freitas Cardoso Ramos Teixeira Correia Pinto`),
  },
  italian: {
    first: words(`Francesco Giulia Alessandro Chiara Lorenzo Sofia Matteo Martina Andrea Francesca Marco Sara
      Luca Elena Davide Alessia Federico Valentina Riccardo Giorgia Simone Elisa Giovanni Beatrice Stefano
      Silvia`),
    last: words(`Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti
      De_Luca Mancini Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso
      Ferrara Galli Martini Leone Longo Gentile Martinelli Vitale`),
  },
  dutch: {
    first:
      words(`Daan Emma Sem Julia Lucas Sophie Milan Lotte Thijs Anne Jesse Fleur Bram Sanne Ruben Eva Joost
      Iris Pieter Lieke Stijn Femke Maarten Noor Wouter Esther`),
    last: words(`de_Jong Jansen de_Vries van_den_Berg van_Dijk Bakker Janssen Visser Smit Meijer de_Boer Mulder
      de_Groot Bos Vos Peters Hendriks van_Leeuwen Dekker Brouwer de_Wit Dijkstra Smits de_Graaf van_der_Meer
      Kok Jacobs Vermeulen Willems Peeters Maes Claes`),
  },
  nordic: {
    first: words(`Erik Emma Lars Ingrid Anders Sofia Johan Maja Oskar Astrid Magnus Freja Nils Elin Henrik
      Sigrid Mikkel Ida Jonas Karin Gustav Linnea Fredrik Sara Rasmus Ebba Mads Frida Viktor Hanna`),
    last: words(`Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson
      Hansen Johansen Olsen Larsen Andersen Pedersen Nielsen Jensen Kristiansen Christensen Berg Lindqvist
      Lindberg Holm Dahl Bergström Lund Haugen Solberg Strand Nyström Sandberg`),
  },
  finnish: {
    first:
      words(`Mikko Aino Juha Laura Antti Emmi Janne Sanna Ville Johanna Teemu Veera Matti Liisa Eero Noora
      Tuomas Elina Jussi Saara`),
    last: words(`Korhonen Virtanen Mäkinen Nieminen Mäkelä Hämäläinen Laine Heikkinen Koskinen Järvinen
      Lehtonen Lehtinen Saarinen Salminen Heinonen Niemi Heikkilä Kinnunen Salonen Turunen`),
  },
  central_european: {
    first:
      words(`Jakub Anna Piotr Katarzyna Tomasz Agnieszka Michał Magdalena Paweł Joanna Krzysztof Aleksandra
      Marcin Monika Łukasz Natalia Kamil Karolina Jan Zuzana Petr Tereza Ondřej Lucie Martin Eva András Réka`),
    last: words(`Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak
      Dąbrowski Kozłowski Jankowski Mazur Kwiatkowski Krawczyk Novák Svoboda Novotný Dvořák Černý Procházka
      Horváth Nagy Kovács Szabó Tóth Popescu Ionescu Dumitru`),
  },
  east_slavic: {
    first: words(`Alexander Anastasia Dmitry Maria Sergey Olga Andrii Kateryna Ivan Natalia Mikhail Yulia
      Oleksandr Irina Maxim Daria Pavel Elena Artem Svitlana Denys Tatiana Nikita Oksana`),
    last: words(`Ivanov Smirnov Kuznetsov Popov Sokolov Lebedev Kozlov Novikov Morozov Petrov Volkov Pavlov
      Shevchenko Kovalenko Bondarenko Tkachenko Kravchenko Melnyk Boyko Oliynyk Lysenko Moroz Savchenko
      Rudenko`),
  },
  balkan: {
    first:
      words(`Luka Ana Marko Ivana Nikola Maja Stefan Jelena Filip Marija Petar Tamara Milan Katarina Georgi
      Elena Nikolay Petya Ivan Mila`),
    last: words(`Horvat Kovačević Babić Marić Jurić Novak Petrović Jovanović Nikolić Marković Đorđević Stojanović
      Ilić Popović Ivanov Georgiev Dimitrov Petrov Kolev Todorov`),
  },
  greek: {
    first: words(`Georgios Maria Dimitrios Eleni Konstantinos Katerina Nikolaos Sofia Ioannis Anna Christos
      Georgia Panagiotis Ioanna Andreas Christina Alexandros Despina`),
    last: words(`Papadopoulos Papadakis Georgiou Nikolaidis Pappas Vlachos Oikonomou Karagiannis Antoniou
      Dimitriou Christodoulou Makris Konstantinou Ioannou Alexiou Stavrou Angelopoulos Economou`),
  },
  turkish: {
    first: words(`Mehmet Elif Ahmet Zeynep Mustafa Ayşe Emre Merve Burak Selin Can Deniz Kerem Ece Murat Büşra
      Onur Ceren Serkan Gizem Arda Esra`),
    last: words(`Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan
      Çetin Kara Koç Kurt Özkan Şimşek Polat Erdoğan`),
  },
  arabic: {
    first:
      words(`Mohammed Fatima Ahmed Aisha Omar Layla Ali Mariam Khalid Noura Youssef Sara Hassan Huda Karim
      Rania Tariq Yasmin Faisal Dina Hamza Lina Rami Nadia Sami Reem Ibrahim Salma Mahmoud Hala`),
    last: words(`Al-Sayed Haddad Khoury Hassan Mansour Nasser Saleh Farouk Aziz Qureshi Abdullah Rahman Hamdan
      Al-Mansouri Al-Harbi Al-Qahtani Al-Otaibi El-Amin Bakr Darwish Fahmy Ghanem Habib Issa Jaber Kassem
      Najjar Rashid Sabbagh Suleiman Tawfik Yousef Zaki Shaheen Barakat`),
  },
  persian: {
    first:
      words(`Reza Maryam Ali Sara Amir Nazanin Arash Shirin Kian Parisa Dariush Leila Babak Niloufar Cyrus
      Roya`),
    last: words(`Hosseini Mohammadi Ahmadi Rezaei Karimi Moradi Jafari Rahimi Tehrani Farahani Sadeghi Ghorbani
      Kazemi Najafi Abbasi Nouri`),
  },
  hebrew: {
    first:
      words(`Yosef Noa Daniel Tamar Itai Maya Omer Shira Yonatan Michal Eitan Yael Amit Noga Ariel Hila Guy
      Adi Nadav Dana Ron Talia Oren Liat Idan Roni Tomer Galit Yuval Keren`),
    last: words(`Cohen Levi Mizrahi Peretz Biton Dahan Avraham Friedman Azoulay Malka Katz Amar Ohana Shapiro
      Ben-David Golan Rosen Segal Weiss Klein Goldberg Shalom Ashkenazi Navon Barak Sharon Carmel Levin Tal
      Hadad`),
  },
  indian: {
    first:
      words(`Aarav Priya Arjun Ananya Rohan Kavya Vikram Neha Rahul Pooja Aditya Shreya Karan Divya Siddharth
      Anjali Nikhil Riya Varun Meera Amit Sneha Rajesh Aishwarya Sanjay Deepika Harsh Isha Kunal Nisha Abhishek
      Tanvi Pranav Sakshi Vivek Lakshmi Suresh Radhika Manish Swati`),
    last: words(`Sharma Verma Gupta Patel Singh Kumar Reddy Iyer Nair Rao Mehta Shah Joshi Agarwal Bansal
      Chatterjee Banerjee Mukherjee Das Bose Desai Kapoor Malhotra Chopra Khanna Pillai Menon Krishnan
      Subramanian Venkatesan Jain Mishra Pandey Srinivasan Bhat Kulkarni Deshpande Goel Saxena Trivedi`),
  },
  chinese: {
    first:
      words(`Wei Jing Hao Yan Jun Li Chen Xin Lei Ying Jie Fang Tao Mei Yang Hui Qiang Lin Bo Xiaoming Yifan
      Zihan Yuxuan Haoran Zhiwei Jiayi Ming Shu Kai Ning Rui Yue`),
    last: words(`Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo Zheng Liang
      Xie Song Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du`),
  },
  japanese: {
    first: words(`Haruto Yui Sota Hina Yuto Sakura Ren Aoi Kaito Mio Takumi Yuna Riku Rin Hiroshi Akiko Kenji
      Yuko Takashi Naoko Daisuke Emi Shota Ayaka Kazuki Mai Ryota Haruka Yusuke Saki Kenta Misaki Tomoya Nanami
      Satoshi Keiko Koji Megumi Shinji Yoko`),
    last: words(`Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida Yamada
      Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda Hashimoto Yamashita
      Ishikawa Nakajima Maeda Fujita Ogawa Goto Okada Hasegawa Murakami Kondo Ishii Saito Sakamoto Endo Aoki`),
  },
  korean: {
    first: words(`Min-jun Seo-yeon Ji-hoon Ji-woo Hyun-woo Soo-ah Jae-won Ha-eun Dong-hyun Yu-jin Sung-min
      Min-ji Jun-ho Eun-ji Tae-yang Da-eun Sang-woo Ye-jin Joon-young Hye-jin`),
    last: words(`Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Han Oh Seo Shin Kwon Hwang Ahn Song Yoo Hong`),
  },
  vietnamese: {
    first: words(
      `Minh Linh Anh Huong Duc Thao Hung Lan Tuan Mai Quang Trang Khanh Ngoc Long Phuong Thanh Hoa`,
    ),
    last: words(`Nguyen Tran Le Pham Hoang Phan Vu Dang Bui Do Ho Ngo Duong Ly Truong Dinh`),
  },
  indonesian: {
    first:
      words(`Budi Siti Agus Dewi Adi Putri Rizky Ayu Andi Ratna Eko Indah Fajar Nurul Hendra Rina Arif Lestari
      Aziz Nur_Aisyah Hafiz Farah Amirul Syafiqah`),
    last: words(`Santoso Wijaya Kusuma Hidayat Saputra Setiawan Pratama Halim Gunawan Susanto Wibowo Nugroho
      Rahman Abdullah Ismail Hassan Ibrahim Tan Lim Ong`),
  },
  filipino: {
    first: words(`Juan Maria Jose Angela Miguel Patricia Mark Kristine Paolo Andrea Carlo Bea Rafael Camille
      Jerome Nicole`),
    last: words(`Santos Reyes Cruz Bautista Ocampo Garcia Mendoza Torres Tomas Andrada Castillo Flores Villanueva
      Ramos Castro Rivera Aquino Navarro De_Leon Dela_Cruz`),
  },
  thai: {
    first: words(
      `Somchai Siriporn Anan Ploy Niran Nok Kittisak Malee Chaiwat Suda Prasert Kanya Thanakorn Nattaya`,
    ),
    last: words(`Saetang Srisuk Chaiyaporn Wongsawat Rattanakorn Sukprasert Thongchai Boonmee Kittikul
      Charoensuk Phromma Suwannarat`),
  },
  west_african: {
    first: words(`Chidi Ngozi Emeka Adaeze Tunde Funmilayo Olumide Chiamaka Segun Amaka Ifeanyi Yetunde Obinna
      Kemi Babajide Nneka Kwame Ama Kofi Abena Yaw Akosua Ibrahim Aminata Moussa Fatou Oluwaseun Temitope
      Chukwuemeka Zainab`),
    last: words(`Okafor Adeyemi Okonkwo Balogun Eze Nwosu Adebayo Olawale Okeke Chukwu Ogunleye Afolabi Nwachukwu
      Bello Abubakar Mensah Owusu Boateng Asante Osei Appiah Diallo Ndiaye Traoré Coulibaly Adeleke Oyelaran
      Ibekwe`),
  },
  east_african: {
    first: words(`Wanjiru Kamau Achieng Otieno Njeri Kipchoge Amina Baraka Wambui Mwangi Faith Brian Grace
      Dennis Mercy Kevin Neema Juma Abebe Hirut Tigist Dawit`),
    last: words(`Kamau Mwangi Otieno Ochieng Wanjiku Kariuki Njoroge Odhiambo Kiprono Mutua Omondi Mugisha
      Nyambura Onyango Kimani Mbugua Tesfaye Bekele Haile Mengistu Uwimana Nkurunziza`),
  },
  south_african: {
    first: words(`Thabo Lerato Sipho Naledi Johan Anri Pieter Annelie Bongani Zanele Themba Palesa Ruan
      Carla Kagiso Nomvula`),
    last: words(`Nkosi Dlamini Ndlovu Khumalo Mokoena Mahlangu Botha van_der_Merwe Pretorius du_Plessis Venter
      Naidoo Govender Pillay Mthembu Mabaso`),
  },
};

type Mix = Partial<Record<NameOrigin, number>>;

/**
 * Origins of a country's founders, as relative weights. Global hubs are mixed (a London or New York team has
 * many origins); most countries are mostly their own with some others.
 */
const US: Mix = {
  anglo: 58,
  indian: 9,
  chinese: 6,
  latin_american: 5,
  hebrew: 3,
  korean: 2,
  east_slavic: 2,
  german: 2,
  italian: 2,
  french: 1.5,
  persian: 1.5,
  arabic: 1.5,
  west_african: 1.5,
  vietnamese: 1,
  japanese: 1,
  filipino: 1,
  central_european: 1,
  greek: 0.5,
  turkish: 0.5,
  nordic: 0.5,
  portuguese: 0.5,
};
const UK: Mix = {
  anglo: 62,
  indian: 9,
  french: 3,
  german: 2,
  italian: 2,
  spanish: 2,
  central_european: 2,
  chinese: 3,
  arabic: 2,
  west_african: 3,
  east_african: 1,
  hebrew: 1,
  greek: 1,
  turkish: 1,
  persian: 1,
  nordic: 1,
  portuguese: 1,
  east_slavic: 1,
  dutch: 1,
  south_african: 1,
};
const ANGLO_COMMONWEALTH: Mix = {
  anglo: 65,
  indian: 8,
  chinese: 8,
  vietnamese: 2,
  korean: 2,
  italian: 2,
  greek: 2,
  filipino: 2,
  arabic: 2,
  german: 1,
  nordic: 1,
  south_african: 1,
  west_african: 1,
};
const own = (origin: NameOrigin, share: number, others: Mix): Mix => ({ ...others, [origin]: share });
const EUROPEAN_OTHERS: Mix = {
  anglo: 4,
  french: 1.5,
  german: 1.5,
  italian: 1,
  spanish: 1,
  indian: 2,
  turkish: 1,
  arabic: 1,
  central_european: 1,
  east_slavic: 1,
  chinese: 1,
};

const COUNTRY_MIXES: Readonly<Record<string, Mix>> = {
  "United States": US,
  "United Kingdom": UK,
  Ireland: { ...UK, anglo: 75 },
  Canada: { ...ANGLO_COMMONWEALTH, french: 10, persian: 2 },
  Australia: ANGLO_COMMONWEALTH,
  "New Zealand": ANGLO_COMMONWEALTH,
  Germany: own("german", 78, { ...EUROPEAN_OTHERS, turkish: 4, central_european: 2, greek: 1, persian: 1 }),
  Austria: own("german", 82, { ...EUROPEAN_OTHERS, balkan: 3, turkish: 2 }),
  Switzerland: own("german", 50, { ...EUROPEAN_OTHERS, french: 22, italian: 8, balkan: 2 }),
  France: own("french", 76, { ...EUROPEAN_OTHERS, arabic: 6, west_african: 2, portuguese: 2, vietnamese: 1 }),
  Belgium: own("french", 42, { ...EUROPEAN_OTHERS, dutch: 40, arabic: 3, turkish: 2 }),
  Luxembourg: own("french", 40, { ...EUROPEAN_OTHERS, german: 25, portuguese: 15 }),
  Netherlands: own("dutch", 74, { ...EUROPEAN_OTHERS, turkish: 3, arabic: 3, indonesian: 1 }),
  Spain: own("spanish", 82, { ...EUROPEAN_OTHERS, latin_american: 5, arabic: 2 }),
  Portugal: own("portuguese", 85, { ...EUROPEAN_OTHERS, spanish: 2 }),
  Italy: own("italian", 88, EUROPEAN_OTHERS),
  Malta: own("italian", 35, { ...EUROPEAN_OTHERS, anglo: 45 }),
  Monaco: own("french", 50, { ...EUROPEAN_OTHERS, italian: 25, anglo: 8 }),
  Liechtenstein: own("german", 85, EUROPEAN_OTHERS),
  Gibraltar: own("anglo", 60, { ...EUROPEAN_OTHERS, spanish: 25 }),
  Sweden: own("nordic", 76, { ...EUROPEAN_OTHERS, finnish: 3, persian: 3, arabic: 3, balkan: 2 }),
  Norway: own("nordic", 82, EUROPEAN_OTHERS),
  Denmark: own("nordic", 82, EUROPEAN_OTHERS),
  Iceland: own("nordic", 90, EUROPEAN_OTHERS),
  Finland: own("finnish", 80, { ...EUROPEAN_OTHERS, nordic: 6, east_slavic: 2 }),
  Estonia: own("finnish", 30, { ...EUROPEAN_OTHERS, east_slavic: 35, nordic: 8 }),
  Latvia: own("east_slavic", 50, { ...EUROPEAN_OTHERS, central_european: 20 }),
  Lithuania: own("central_european", 55, { ...EUROPEAN_OTHERS, east_slavic: 20 }),
  Poland: own("central_european", 88, { ...EUROPEAN_OTHERS, east_slavic: 4 }),
  "Czech Republic": own("central_european", 85, { ...EUROPEAN_OTHERS, east_slavic: 3 }),
  Hungary: own("central_european", 85, EUROPEAN_OTHERS),
  Romania: own("central_european", 80, { ...EUROPEAN_OTHERS, balkan: 5 }),
  Ukraine: own("east_slavic", 90, EUROPEAN_OTHERS),
  Kazakhstan: own("east_slavic", 60, { turkish: 30, anglo: 3, chinese: 3 }),
  Uzbekistan: own("east_slavic", 45, { turkish: 45, anglo: 3 }),
  Georgia: own("east_slavic", 60, { greek: 15, turkish: 15, anglo: 4 }),
  Armenia: own("east_slavic", 60, { persian: 15, greek: 10, anglo: 5 }),
  Azerbaijan: own("turkish", 65, { east_slavic: 20, persian: 10, anglo: 3 }),
  Croatia: own("balkan", 88, EUROPEAN_OTHERS),
  Serbia: own("balkan", 88, EUROPEAN_OTHERS),
  Slovenia: own("balkan", 85, EUROPEAN_OTHERS),
  Bulgaria: own("balkan", 88, EUROPEAN_OTHERS),
  Greece: own("greek", 88, EUROPEAN_OTHERS),
  Cyprus: own("greek", 70, { ...EUROPEAN_OTHERS, east_slavic: 8, turkish: 4 }),
  Turkey: own("turkish", 88, { anglo: 3, arabic: 3, persian: 2, german: 1 }),
  Israel: own("hebrew", 78, { anglo: 6, east_slavic: 6, arabic: 4, french: 2, persian: 2 }),
  "United Arab Emirates": own("arabic", 40, {
    indian: 22,
    anglo: 14,
    persian: 5,
    east_slavic: 4,
    french: 3,
    turkish: 3,
    chinese: 2,
    filipino: 2,
    german: 2,
    east_african: 1,
  }),
  "Saudi Arabia": own("arabic", 86, { indian: 4, anglo: 4, turkish: 2 }),
  Qatar: own("arabic", 65, { indian: 15, anglo: 10, persian: 3 }),
  Bahrain: own("arabic", 70, { indian: 15, anglo: 8, persian: 4 }),
  Kuwait: own("arabic", 80, { indian: 10, anglo: 5 }),
  Oman: own("arabic", 80, { indian: 12, anglo: 5 }),
  Jordan: own("arabic", 90, { anglo: 4 }),
  Lebanon: own("arabic", 85, { french: 8, anglo: 4 }),
  Egypt: own("arabic", 92, { anglo: 3 }),
  Morocco: own("arabic", 80, { french: 14, spanish: 2 }),
  Tunisia: own("arabic", 82, { french: 14 }),
  India: own("indian", 95, { anglo: 3 }),
  Pakistan: own("arabic", 35, { indian: 55, anglo: 4 }),
  Bangladesh: own("indian", 85, { arabic: 12 }),
  "Sri Lanka": own("indian", 92, { anglo: 4 }),
  Nepal: own("indian", 95, { anglo: 3 }),
  China: own("chinese", 95, { anglo: 3 }),
  Taiwan: own("chinese", 93, { anglo: 4, japanese: 2 }),
  Macao: own("chinese", 85, { portuguese: 8, anglo: 4 }),
  "Hong Kong": own("chinese", 78, { anglo: 12, indian: 4, filipino: 2 }),
  Singapore: own("chinese", 52, {
    indonesian: 12,
    indian: 14,
    anglo: 12,
    vietnamese: 2,
    filipino: 2,
    korean: 1,
    japanese: 1,
  }),
  Japan: own("japanese", 86, { anglo: 5, chinese: 4, korean: 3, indian: 2 }),
  "South Korea": own("korean", 92, { anglo: 4, chinese: 2 }),
  Vietnam: own("vietnamese", 90, { anglo: 5, chinese: 3, korean: 2 }),
  Indonesia: own("indonesian", 88, { chinese: 7, anglo: 3, indian: 2 }),
  Malaysia: own("indonesian", 55, { chinese: 30, indian: 10, anglo: 4 }),
  Philippines: own("filipino", 88, { chinese: 6, anglo: 5 }),
  Thailand: own("thai", 86, { chinese: 6, anglo: 6 }),
  Brazil: own("portuguese", 84, { italian: 4, german: 3, japanese: 2, arabic: 2, anglo: 3, spanish: 2 }),
  Nigeria: own("west_african", 94, { anglo: 3, indian: 2 }),
  Ghana: own("west_african", 92, { anglo: 4, indian: 2 }),
  Senegal: own("west_african", 90, { french: 8 }),
  "Côte d'Ivoire": own("west_african", 88, { french: 10 }),
  Kenya: own("east_african", 84, { indian: 8, anglo: 5, west_african: 2 }),
  Uganda: own("east_african", 88, { indian: 6, anglo: 5 }),
  Tanzania: own("east_african", 86, { indian: 6, arabic: 3, anglo: 4 }),
  Rwanda: own("east_african", 88, { anglo: 5, french: 5 }),
  Ethiopia: own("east_african", 94, { anglo: 4 }),
  Zambia: own("east_african", 50, { south_african: 40, anglo: 6, indian: 4 }),
  Mauritius: own("indian", 55, { french: 25, chinese: 8, east_african: 8 }),
  "South Africa": own("south_african", 62, {
    anglo: 18,
    indian: 8,
    west_african: 4,
    east_african: 2,
    hebrew: 2,
    portuguese: 2,
  }),
  Fiji: own("anglo", 40, { indian: 40, filipino: 10 }),
};

/** Spanish-speaking Latin America: mostly local names, with some of Europe and the Middle East. */
const LATIN_AMERICA: Mix = {
  latin_american: 82,
  spanish: 5,
  italian: 3,
  german: 2,
  anglo: 3,
  arabic: 2,
  portuguese: 1,
  hebrew: 1,
  chinese: 1,
};
const DEFAULT_MIX: Mix = {
  anglo: 50,
  indian: 10,
  chinese: 8,
  spanish: 6,
  arabic: 6,
  french: 5,
  german: 5,
  west_african: 5,
  portuguese: 5,
};

/** The origin mix for a headquarters country. */
export function nameMixOf(country: string): Mix {
  const mix = COUNTRY_MIXES[country];
  if (mix !== undefined) return mix;
  if (LATIN_AMERICA_COUNTRIES.has(country)) return LATIN_AMERICA;
  return DEFAULT_MIX;
}

const LATIN_AMERICA_COUNTRIES = new Set([
  "Mexico",
  "Argentina",
  "Chile",
  "Colombia",
  "Peru",
  "Uruguay",
  "Ecuador",
  "Paraguay",
  "Costa Rica",
  "Panama",
  "Puerto Rico",
]);

/** Countries whose mix is written out (the rest use a regional or default mix); for tests. */
export function hasOwnNameMix(country: string): boolean {
  return country in COUNTRY_MIXES || LATIN_AMERICA_COUNTRIES.has(country);
}
